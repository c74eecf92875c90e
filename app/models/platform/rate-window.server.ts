import { Prisma } from "@prisma/client";

import type { prisma, Tx } from "~/models/platform/db.server";

/*
 * "At most `limit` per `windowSeconds`" for a key (the order limits per IP,
 * e-mail, phone and account: decision 055), shared by every instance, as a
 * generic cell rate algorithm (GCRA, the leaky bucket as a meter): each key
 * keeps one timestamp, its "theoretical arrival time" (TAT). An event costs
 * T = window / limit; it is let through while TAT, pushed on by T, stays
 * within one window of now. So a key may spend its whole limit at once and
 * then earns one event back every T: five orders a day from one phone, then
 * one more every 4.8 hours.
 *
 * Why not a log of events: counting a window's rows costs as many rows as the
 * window holds, on every order. This is one upsert for all keys, in its own
 * short transaction (autocommit): each key's row is locked only for that
 * statement, so concurrent attempts on one key queue for a moment and each
 * sees the other's TAT (a burst cannot slip past), while orders themselves
 * never wait on each other's limits (many shoppers share one mobile
 * operator's address). An attempt that does not happen (the order failed, or
 * another of its keys refused it) gives its events back.
 *
 * The TAT column keeps milliseconds, so a step that is not a whole number of
 * them (7 an hour: 514285.71… ms) is stored rounded, and the last of the
 * limit's events came out a few milliseconds past the window and was refused
 * (7 gave 6). The check allows half a step: the limit's events always fit, and
 * one more never does.
 */

export type WindowRule = { key: string; limit: number; windowSeconds: number };
export type Taken = { ok: true; release: () => Promise<void> } | { ok: false; key: string; retryAfterSeconds: number };

const nothing = async () => {};

/** One order of rows for every caller, so two attempts never lock the same keys the other way round. */
const sortedRules = (rules: WindowRule[]) => [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

/**
 * The check as one statement (`INSERT … ON CONFLICT … RETURNING key`): the
 * keys it returns were let through (their TAT moved on); the others were
 * refused and left as they were. Checkout runs it as a CTE of its own insert.
 */
export function slotsUpsert(rules: WindowRule[], now: Date): Prisma.Sql {
  const sorted = sortedRules(rules);
  return Prisma.sql`
    INSERT INTO "RateLimit" (key, tat, "windowSeconds")
    SELECT key, ${now}::timestamp + make_interval(secs => step), win
    FROM unnest(${sorted.map((r) => r.key)}::text[], ${sorted.map((r) => r.windowSeconds / r.limit)}::float8[],
                ${sorted.map((r) => r.windowSeconds)}::int[]) WITH ORDINALITY AS r(key, step, win, n)
    ORDER BY n
    ON CONFLICT (key) DO UPDATE
      SET tat = greatest("RateLimit".tat, ${now}::timestamp) + (EXCLUDED.tat - ${now}::timestamp), "windowSeconds" = EXCLUDED."windowSeconds"
      WHERE greatest("RateLimit".tat, ${now}::timestamp) + (EXCLUDED.tat - ${now}::timestamp)
            <= ${now}::timestamp + make_interval(secs => EXCLUDED."windowSeconds") + (EXCLUDED.tat - ${now}::timestamp) / 2
    RETURNING key`;
}

/** How long until every refused key lets one more through (seconds, at least 1), and which key waits longest. */
export async function refusedWait(db: Tx | typeof prisma, refused: WindowRule[], now: Date): Promise<{ key: string; retryAfterSeconds: number }> {
  const rows = await db.$queryRaw<{ key: string; tat: Date }[]>`SELECT key, tat FROM "RateLimit" WHERE key = ANY(${refused.map((r) => r.key)}::text[])`;
  // The next event fits when TAT + T lands one window from then.
  const waits = refused.map((r) => {
    const tat = rows.find((x) => x.key === r.key)?.tat.getTime() ?? now.getTime();
    return { key: r.key, wait: (Math.max(tat, now.getTime()) + (r.windowSeconds / r.limit) * 1000 - now.getTime()) / 1000 - r.windowSeconds };
  });
  const worst = waits.reduce((a, b) => (b.wait > a.wait ? b : a));
  return { key: worst.key, retryAfterSeconds: Math.max(1, Math.ceil(worst.wait)) };
}

/** The key's theoretical arrival time (GCRA's TAT), or null when it holds nothing: for a domain that words its own wait. */
export async function slotTat(db: Tx | typeof prisma, key: string): Promise<Date | null> {
  const row = await db.rateLimit.findUnique({ where: { key }, select: { tat: true } });
  return row?.tat ?? null;
}

/** Forgets every key that starts with `prefix` (a new code lifts an order's locks); the prefix must be a whole key part. */
export async function clearSlots(db: Tx | typeof prisma, prefix: string): Promise<void> {
  await db.$executeRaw`DELETE FROM "RateLimit" WHERE starts_with(key, ${prefix})`;
}

/** The check on its own (autocommit): a refusal gives back what the other keys took. */
export async function takeSlots(db: Tx | typeof prisma, rules: WindowRule[], now = new Date()): Promise<Taken> {
  if (rules.length === 0) return { ok: true, release: nothing };
  const passed = await db.$queryRaw<{ key: string }[]>(slotsUpsert(rules, now));
  const done = new Set(passed.map((r) => r.key));
  const release = () =>
    giveBack(
      db,
      rules.filter((r) => done.has(r.key)),
    );
  if (done.size === rules.length) return { ok: true, release };
  await release();
  return {
    ok: false,
    ...(await refusedWait(
      db,
      rules.filter((r) => !done.has(r.key)),
      now,
    )),
  };
}

/**
 * Takes one event back from each key (an attempt that did not happen), one key per statement in
 * the keys' one order. An UPDATE … FROM unnest locked its rows in whatever order the join chose,
 * and met a concurrent takeSlots the other way round: a deadlock, answered 500 (CI, a 409 order
 * giving its SMS back while other checkouts spent theirs).
 */
async function giveBack(db: Tx | typeof prisma, rules: WindowRule[]): Promise<void> {
  for (const r of sortedRules(rules)) {
    await db.$executeRaw`UPDATE "RateLimit" SET tat = tat - make_interval(secs => ${r.windowSeconds / r.limit}::float8) WHERE key = ${r.key}`;
  }
}

/** Drops keys whose budget is whole again (housekeeping; a missing row means a whole budget). */
export async function pruneSlots(db: Tx | typeof prisma, now = new Date()): Promise<number> {
  return db.$executeRaw`DELETE FROM "RateLimit" WHERE tat < ${now}::timestamp`;
}
