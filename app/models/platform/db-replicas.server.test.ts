import net from "node:net";

import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { afterAll, describe, expect, it } from "vitest";

import { createPool } from "./db-pool.server";
import { Replica, replicaLag, RoutingPool, withPrimaryReads } from "./db-replicas.server";

// The replica routing's decisions against a real PostgreSQL (the test
// database is a primary, not a standby). A real streaming replica, its lag and
// its death are exercised by `npm run test:cluster` (scripts/test-cluster.mjs).

const url = process.env.DATABASE_URL!;
const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

/** A URL where nothing listens: a replica that is down. */
async function deadUrl() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  const dead = new URL(url);
  dead.hostname = "127.0.0.1";
  dead.port = String(port);
  return dead.toString();
}

function routed(replicas: Replica[]) {
  const primary = createPool(url, 2);
  const pool = new RoutingPool(primary, replicas);
  const client = new PrismaClient({ adapter: new PrismaPg(pool) });
  cleanup.push(
    () => client.$disconnect(),
    () => pool.end(),
    () => primary.end(),
  );
  return { client, primary };
}

describe("read replicas", () => {
  it("skips a server that is not a standby: a replica promoted, or the primary named by mistake", async () => {
    const replica = new Replica(url, "primary by mistake", 10);
    cleanup.push(() => replica.stop());
    expect(await replica.check()).toMatchObject({ healthy: false, reason: "not a standby (promoted?)" });
  });

  it("skips a replica that is down, and reads from the primary with no error", async () => {
    const replica = new Replica(await deadUrl(), "down", 10);
    expect((await replica.check()).healthy).toBe(false);
    const { client } = routed([replica]);
    const [row] = await client.$queryRaw<{ recovery: boolean }[]>`SELECT pg_is_in_recovery() AS recovery`;
    expect(row!.recovery).toBe(false);
  });

  it("runs a read again on the primary when the replica dies between two checks, and stops using it", async () => {
    const replica = new Replica(await deadUrl(), "died", 10);
    replica.health = { healthy: true, lag: 0, reason: "streaming" }; // as the last check found it
    const { client } = routed([replica]);
    const [row] = await client.$queryRaw<{ n: number }[]>`SELECT 41 + 1 AS n`;
    expect(row!.n).toBe(42);
    expect(replica.health.healthy).toBe(false);
    // A read transaction (connect, not query) fails over the same way.
    replica.health = { healthy: true, lag: 0, reason: "streaming" };
    const [a, b] = await client.$transaction([client.$queryRaw<{ n: number }[]>`SELECT 1 AS n`, client.$queryRaw<{ n: number }[]>`SELECT 2 AS n`]);
    expect([a[0]!.n, b[0]!.n]).toEqual([1, 2]);
    expect(replica.health.healthy).toBe(false);
  });

  it("sends reads to a healthy replica in turn, and to the primary for a user who just wrote", async () => {
    // Two "replicas" that are really the primary, told apart by their pools' application_name.
    const named = (name: string) => {
      const u = new URL(url);
      u.searchParams.set("application_name", name);
      const replica = new Replica(u.toString(), name, 10);
      replica.health = { healthy: true, lag: 0, reason: "streaming" };
      cleanup.push(() => replica.stop());
      return replica;
    };
    const { client } = routed([named("replica-a"), named("replica-b")]);
    const who = async () => (await client.$queryRaw<{ name: string }[]>`SELECT current_setting('application_name') AS name`)[0]!.name;
    expect([await who(), await who(), await who()]).toEqual(["replica-a", "replica-b", "replica-a"]);
    expect(await withPrimaryReads(who)).not.toMatch(/^replica-/);
  });

  it("is no error for a bad query: that is the caller's, not a reason to skip the replica", async () => {
    const u = new URL(url);
    u.searchParams.set("application_name", "replica-c");
    const replica = new Replica(u.toString(), "c", 10);
    replica.health = { healthy: true, lag: 0, reason: "streaming" };
    cleanup.push(() => replica.stop());
    const { client } = routed([replica]);
    await expect(client.$queryRaw`SELECT * FROM "NoSuchTable"`).rejects.toThrow(/NoSuchTable/);
    expect(replica.health.healthy).toBe(true);
  });
});

describe("how far behind a replica is (issue 31 #2)", () => {
  it("cut off from a primary that is down, having replayed all it received: current, whatever the age of its last commit", () => {
    expect(replicaLag({ streaming: false, replayedAll: true, age: 600 }, true)).toEqual({ lag: 0, reason: "primary unreachable, replayed all it received" });
  });
  it("cut off from a primary that is up, or with WAL still to replay: its age counts", () => {
    expect(replicaLag({ streaming: false, replayedAll: true, age: 600 }, false).lag).toBe(600);
    expect(replicaLag({ streaming: false, replayedAll: false, age: 30 }, true).lag).toBe(30);
  });
  it("streaming: behind only while WAL waits to be replayed", () => {
    expect(replicaLag({ streaming: true, replayedAll: true, age: 900 }, false).lag).toBe(0);
    expect(replicaLag({ streaming: true, replayedAll: false, age: 12 }, false).lag).toBe(12);
  });
});
