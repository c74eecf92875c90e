import { prisma } from "~/utils/db.server";

/*
 * Sliding-window counters shared by every instance (table RateEvent): "at most
 * `limit` events per key in the last `windowSeconds`". Used by the order
 * limits (per IP, e-mail, phone, account) and code resends (decision 055).
 *
 * An attempt first writes one row per key (pruning that key's expired rows in
 * the same statement) and then counts: parallel attempts see each other's
 * rows, so a burst cannot slip past the limit (it may be refused a little
 * early, never let through). A refused attempt takes its rows back, so a
 * script that keeps hammering does not lock the key for longer than the
 * window after its last accepted event. The caller releases the rows of an
 * attempt that did not happen (the order failed) the same way.
 */

export type WindowRule = { key: string; limit: number; windowSeconds: number };
export type Taken = { ok: true; ids: bigint[] } | { ok: false; key: string; retryAfterSeconds: number };

export async function takeSlots(rules: WindowRule[], now = new Date()): Promise<Taken> {
  if (rules.length === 0) return { ok: true, ids: [] };
  const keys = rules.map((r) => r.key);
  const windows = rules.map((r) => r.windowSeconds);
  const limits = rules.map((r) => r.limit);
  const inserted = await prisma.$queryRaw<{ id: bigint }[]>`
    WITH rules AS (SELECT * FROM unnest(${keys}::text[], ${windows}::int[]) AS r(key, win)),
    gone AS (
      DELETE FROM "RateEvent" e USING rules
      WHERE e.key = rules.key AND e.at <= ${now}::timestamp - make_interval(secs => rules.win))
    INSERT INTO "RateEvent" (key, at) SELECT key, ${now}::timestamp FROM rules RETURNING id`;
  const ids = inserted.map((r) => r.id);
  const over = await prisma.$queryRaw<{ key: string; wait: number }[]>`
    SELECT r.key,
      -- When the oldest events that put the key over its limit leave the window.
      extract(epoch FROM (
        (SELECT e.at FROM "RateEvent" e
          WHERE e.key = r.key AND e.at > ${now}::timestamp - make_interval(secs => r.win)
          ORDER BY e.at DESC, e.id DESC OFFSET r.lim LIMIT 1)
        + make_interval(secs => r.win) - ${now}::timestamp))::float8 AS wait
    FROM unnest(${keys}::text[], ${windows}::int[], ${limits}::int[]) AS r(key, win, lim)
    WHERE (SELECT count(*) FROM "RateEvent" e
            WHERE e.key = r.key AND e.at > ${now}::timestamp - make_interval(secs => r.win)) > r.lim`;
  if (over.length === 0) return { ok: true, ids };
  await releaseSlots(ids);
  const worst = over.reduce((a, b) => (b.wait > a.wait ? b : a));
  return { ok: false, key: worst.key, retryAfterSeconds: Math.max(1, Math.ceil(worst.wait)) };
}

/** Takes back the events of an attempt that did not happen. */
export async function releaseSlots(ids: bigint[]): Promise<void> {
  if (ids.length) await prisma.rateEvent.deleteMany({ where: { id: { in: ids } } });
}
