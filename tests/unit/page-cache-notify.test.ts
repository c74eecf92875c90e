import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

import { connectPurgeChannel } from "../../server/page-cache-notify.js";

// Purges between instances (server/page-cache-notify.js) against a real
// PostgreSQL: delivered to the other instance and not echoed to the sender,
// and back by themselves after the database drops the listening connection
// (as a restart does), with nothing restarted.

type Channel = { publish(tags: string[]): void; close(): Promise<void> };
const url = process.env.DATABASE_URL!;
const channels: Channel[] = [];
afterAll(() => Promise.all(channels.map((c) => c.close())));

async function open(received: string[][]): Promise<Channel> {
  const channel = (await connectPurgeChannel((tags: string[]) => received.push(tags), url)) as Channel;
  channels.push(channel);
  return channel;
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function listeners(): Promise<number[]> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE application_name = 'page-cache-purge' AND datname = current_database()",
    );
    return rows.map((r) => r.pid);
  } finally {
    await admin.end();
  }
}

describe("the page-cache purge channel", () => {
  it("carries one instance's purges to the others, and listens again after its connection is dropped", async () => {
    const atA: string[][] = [];
    const atB: string[][] = [];
    const a = await open(atA);
    await open(atB);
    const tag = `product:${Date.now()}`;
    a.publish([tag]);
    await until(() => atB.some((t) => t.includes(tag)), "B hears A's purge");
    expect(atA).toEqual([]); // never echoed to the sender

    // The database drops both listening connections, as a restart would.
    const before = await listeners();
    expect(before.length).toBeGreaterThanOrEqual(2);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid", [before]);
    await admin.end();
    await until(async () => (await listeners()).filter((pid) => !before.includes(pid)).length >= 2, "both listen again");

    const again = `category:${Date.now()}`;
    a.publish([again]);
    await until(() => atB.some((t) => t.includes(again)), "B hears A's purge after the reconnect");
  });
});
