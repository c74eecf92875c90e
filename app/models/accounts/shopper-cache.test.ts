import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { listenForShopperChanges } from "../../../server/shopper-changes.js";
import { createTestProduct } from "../../../tests/support/catalogue";
import { createReview, hasReviewed } from "~/models/catalogue/index.server";

import { destroySessionCookie, getUserFromSession, signInSession } from "./auth.server";
import { commitSession, sessionStorage } from "./session.server";
import { forgetShoppers, setShopperCacheLive } from "./shopper-cache.server";
import { registerUser } from "./user.server";

// What a cached page's holes know of a signed-in shopper (decision 076), kept
// in the process and forgotten when the database says the shopper changed,
// against a real PostgreSQL with the triggers and the LISTEN connection the
// server opens (server/shopper-changes.js).

const url = process.env.DATABASE_URL!;
let channel: { close(): Promise<void> };
/** A connection whose writes fire no triggers: a change the cache is not told of, to show what it kept. */
let unheard: pg.Client;

beforeAll(async () => {
  channel = await listenForShopperChanges({ forgetShoppers, setShopperCacheLive }, url);
  unheard = new pg.Client({ connectionString: url });
  await unheard.connect();
  await unheard.query("SET session_replication_role = replica");
});
afterAll(async () => {
  await channel.close();
  await unheard.end();
  setShopperCacheLive(false);
});

let n = 0;
const register = () => registerUser({ name: "Rahim Uddin", email: `cache${Date.now().toString(36)}${n++}@example.com`, password: "cotton-kurta-77" });

async function signedIn(user: { id: number; sessionVersion: number }) {
  const session = await sessionStorage.getSession();
  signInSession(session, user);
  return session;
}
type Session = Awaited<ReturnType<typeof signedIn>>;

const cached = (session: Session) => getUserFromSession(session, { throughCache: true });

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, ms = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function listenerPids(): Promise<number[]> {
  const { rows } = await unheard.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE application_name = 'shopper-changes' AND datname = current_database()",
  );
  return rows.map((r) => r.pid);
}

describe("what cached pages know of a signed-in shopper", () => {
  it("is kept between requests, and forgotten when the database says the shopper changed", async () => {
    const user = await register();
    const session = await signedIn(user);
    expect(await cached(session)).toMatchObject({ id: user.id, name: "Rahim Uddin" });

    // A change nobody is told of: the kept row is what the fill shows (the database is not asked)…
    await unheard.query(`UPDATE "User" SET name = 'Quiet Change' WHERE id = $1`, [user.id]);
    expect(await cached(session)).toMatchObject({ name: "Rahim Uddin" });
    // …while every other reader (rendered pages, forms, the API, the guards) reads the database.
    expect(await getUserFromSession(session)).toMatchObject({ name: "Quiet Change" });

    // A change through a trigger, as every write of the shop makes: kept no longer.
    await prisma.user.update({ where: { id: user.id }, data: { name: "Karim Sheikh" } });
    await until(
      () => cached(session),
      (u) => u?.name === "Karim Sheikh",
      "the new name",
    );
  });

  it("a sign-in logged out elsewhere, an outdated password or a deleted account stops counting", async () => {
    const user = await register();
    const [phone, laptop] = [await signedIn(user), await signedIn(user)];
    expect(await cached(phone)).toMatchObject({ id: user.id });
    expect(await cached(laptop)).toMatchObject({ id: user.id });

    await destroySessionCookie(new Request("http://shop.test/logout", { method: "POST", headers: { Cookie: (await commitSession(phone)).split(";")[0]! } }));
    await until(
      () => cached(phone),
      (u) => u === null,
      "the logged-out phone signed out",
    );
    expect(await cached(laptop)).toMatchObject({ id: user.id });

    await prisma.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    await until(
      () => cached(laptop),
      (u) => u === null,
      "the old password's sign-in refused",
    );

    const other = await register();
    const session = await signedIn(other);
    expect(await cached(session)).toMatchObject({ id: other.id });
    await prisma.user.delete({ where: { id: other.id } });
    await until(
      () => cached(session),
      (u) => u === null,
      "the deleted account signed out",
    );
  });

  it("keeps a bounded number of one account's sign-ins, the most recent", async () => {
    const user = await register();
    const sessions = await Promise.all(Array.from({ length: 20 }, () => signedIn(user)));
    for (const session of sessions) await cached(session);
    await unheard.query(`UPDATE "User" SET name = 'Quiet Change' WHERE id = $1`, [user.id]);
    const names = await Promise.all(sessions.map(async (session) => (await cached(session))?.name));
    // The first four were let go and read the database again; the last sixteen are kept.
    expect(names).toEqual([...Array(4).fill("Quiet Change"), ...Array(16).fill("Rahim Uddin")]);
  });

  it("a review the shopper writes turns the product's form into a thank-you", async () => {
    const user = await register();
    const product = await createTestProduct();
    expect(await hasReviewed(user.id, product.id, { throughCache: true })).toBe(false);
    await createReview(user, product.id, { rating: 4, comment: "Soft cotton" });
    await until(
      () => hasReviewed(user.id, product.id, { throughCache: true }),
      (r) => r,
      "reviewed",
    );
  });

  it("keeps nothing while the database cannot tell it of changes, and keeps again once it can", async () => {
    const user = await register();
    const session = await signedIn(user);
    await until(
      async () => (await listenerPids()).length,
      (count) => count === 1,
      "one listener",
    );
    const [pid] = await listenerPids();
    await cached(session);
    // The database drops the listening connection, as a restart would: what was kept may miss changes.
    await unheard.query("SELECT pg_terminate_backend($1)", [pid]);
    await unheard.query(`UPDATE "User" SET name = 'Meanwhile' WHERE id = $1`, [user.id]);
    await until(
      () => cached(session),
      (u) => u?.name === "Meanwhile",
      "the database read while not listening",
    );

    // Listening again (after a second or so, longer on a loaded machine): seen from the database's side first.
    await until(
      async () => (await listenerPids()).filter((p) => p !== pid).length,
      (count) => count === 1,
      "a new listener",
      30_000,
    );
    // Then an unheard change goes unseen, so the row is kept again.
    const keptAgain = async () => {
      await unheard.query(`UPDATE "User" SET name = 'Meanwhile' WHERE id = $1`, [user.id]);
      await cached(session);
      await unheard.query(`UPDATE "User" SET name = 'Unheard' WHERE id = $1`, [user.id]);
      return (await cached(session))?.name === "Meanwhile";
    };
    await until(keptAgain, (kept) => kept, "kept again once listening");
    expect((await listenerPids()).filter((p) => p !== pid)).toHaveLength(1);
  }, 60_000);
});
