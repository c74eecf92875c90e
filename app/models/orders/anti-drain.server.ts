import { prisma, type Tx } from "~/models/platform/index.server";
import { keyedError } from "~/models/platform/index.server";
import { slotTat, takeSlots, type WindowRule } from "~/models/platform/index.server";
import { getSettings, type ShopSettings } from "~/models/platform/index.server";

// No way around the confirmation (issue 37 items 3 and 4, decision 093):
// - an account's orders wait for a code like a guest's until the account or
//   its phone has a delivered order;
// - the pieces held by orders not yet shipped are capped per phone, account
//   and client address, over all of those orders together;
// - every code SMS spends from budgets per phone, per address and shop-wide
//   (the rate windows in PostgreSQL, shared by every instance); past one, no
//   SMS goes out and the order waits for a call.

export const HELD_TOO_MANY = "Your orders that have not been sent yet already hold {{max}} pieces. Please wait until they are sent, or call us to order more.";

/** Why an order waits for a call instead of a code (OrderConfirmCode.waitsForCall). */
export type CallReason = "sms-phone" | "sms-ip" | "sms-shop" | "locked";

/** Whether this account, or this phone, has taken a delivered order: then its orders need no code. */
export async function hasDeliveredOrder(db: Tx | typeof prisma, buyer: { userId: number | null; phone: string }): Promise<boolean> {
  if (buyer.userId === null) return false;
  const rows = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM "Order" WHERE "isDelivered" AND ("userId" = ${buyer.userId} OR phone = ${buyer.phone}) LIMIT 1`;
  return rows.length > 0;
}

/**
 * Refuses (400) an order that would take the pieces held by one buyer's open
 * orders (not shipped, delivered or cancelled), this one included, past a
 * cap. Runs in the placing transaction after the order's row is written and
 * its limit rows are locked (order-limits.server.ts): concurrent orders of
 * one phone, account or address queue there, so each sees the other's pieces.
 */
export async function checkHeldPieces(tx: Tx, buyer: { phone: string; userId: number | null; ip?: string | null }, s: ShopSettings): Promise<void> {
  const [held] = await tx.$queryRaw<{ phone: number; account: number; ip: number }[]>`
    SELECT coalesce(sum(i.qty) FILTER (WHERE o.phone = ${buyer.phone}), 0)::int AS phone,
           coalesce(sum(i.qty) FILTER (WHERE o."userId" = ${buyer.userId}::int), 0)::int AS account,
           coalesce(sum(i.qty) FILTER (WHERE o."clientIp" = ${buyer.ip ?? null}::text), 0)::int AS ip
    FROM "Order" o JOIN "OrderItem" i ON i."orderId" = o.id
    WHERE (o.phone = ${buyer.phone} OR o."userId" = ${buyer.userId}::int OR o."clientIp" = ${buyer.ip ?? null}::text)
      AND o."shippedAt" IS NULL AND o."cancelledAt" IS NULL AND NOT o."isDelivered"`;
  if (!held) return;
  const over =
    held.phone > s.heldPiecesPerPhone
      ? s.heldPiecesPerPhone
      : held.account > s.heldPiecesPerAccount
        ? s.heldPiecesPerAccount
        : held.ip > s.heldPiecesPerIp
          ? s.heldPiecesPerIp
          : null;
  if (over !== null) throw keyedError(400, { key: HELD_TOO_MANY, values: { max: over } });
}

const HOUR = 60 * 60;
export const SHOP_SMS_KEY = "sms-shop";

function smsRules(to: { phone: string; ip?: string | null }, s: ShopSettings): WindowRule[] {
  const rules: WindowRule[] = [
    { key: `sms-phone:${to.phone}`, limit: s.smsPerPhonePerHour, windowSeconds: HOUR },
    { key: SHOP_SMS_KEY, limit: s.smsPerShopPerHour, windowSeconds: HOUR },
  ];
  if (to.ip) rules.push({ key: `sms-ip:${to.ip}`, limit: s.smsPerIpPerHour, windowSeconds: HOUR });
  return rules;
}

export type SmsBudget = { ok: true; release: () => Promise<void> } | { ok: false; reason: CallReason };

/**
 * Spends one SMS from each budget, in its own short statement outside any
 * order's transaction (the shop-wide row must not stay locked while a
 * checkout finishes). `release` gives it back if the SMS is not sent after
 * all (the order failed). Refused: which budget ran out, the shop's first.
 */
export async function spendSms(
  to: { phone: string; ip?: string | null },
  s: ShopSettings,
  now = new Date(),
  // Another instance's client in the tests: the budgets live in PostgreSQL, not in a process.
  db: typeof prisma = prisma,
): Promise<SmsBudget> {
  const taken = await takeSlots(db, smsRules(to, s), now);
  if (taken.ok) return taken;
  // takeSlots names the key that waits longest; a shop-wide refusal is what the admin must hear about.
  const shopOut = !(await smsBudgetLeft(SHOP_SMS_KEY, s.smsPerShopPerHour, now, db));
  if (shopOut) return { ok: false, reason: "sms-shop" };
  return { ok: false, reason: taken.key.startsWith("sms-ip:") ? "sms-ip" : "sms-phone" };
}

/** Whether one more SMS fits the key's budget now (GCRA: its TAT plus one step stays within the window). */
async function smsBudgetLeft(key: string, limit: number, now: Date, db: typeof prisma = prisma): Promise<boolean> {
  const tat = await slotTat(db, key);
  if (!tat) return true;
  const step = (HOUR / limit) * 1000;
  // Half a step of slack, as takeSlots allows (rate-window.server.ts: the stored TAT is rounded to ms).
  return Math.max(tat.getTime(), now.getTime()) + step <= now.getTime() + HOUR * 1000 + step / 2;
}

/**
 * The admin's alert (dashboard, /admin/mail): orders of the last day that
 * got no SMS because the shop-wide budget had run out, and whether it is
 * out right now. Null when neither.
 */
export async function shopSmsAlert(s: ShopSettings, now = new Date()): Promise<{ waiting: number; exhaustedNow: boolean; budget: number } | null> {
  const since = new Date(now.getTime() - 24 * HOUR * 1000);
  const [waiting, left] = await Promise.all([
    prisma.orderConfirmCode.count({ where: { waitsForCall: "sms-shop", sentAt: { gte: since } } }),
    smsBudgetLeft(SHOP_SMS_KEY, s.smsPerShopPerHour, now),
  ]);
  if (waiting === 0 && left) return null;
  return { waiting, exhaustedNow: !left, budget: s.smsPerShopPerHour };
}

/**
 * Before a checkout's transaction: whether the order waits for a code (an
 * account without a delivered order does, like a guest), and if it does, its
 * SMS spent from the budgets; `release` gives the SMS back when the order fails.
 */
export async function confirmationPlan(
  s: ShopSettings,
  buyer: { userId: number | null; phone: string; ip?: string | null },
  needs: (delivered: boolean) => boolean,
): Promise<{ confirm: boolean; waitsForCall: CallReason | null; release: () => Promise<void> }> {
  const none = async () => {};
  const confirm = needs(await hasDeliveredOrder(prisma, buyer));
  if (!confirm) return { confirm, waitsForCall: null, release: none };
  const sms = await spendSms({ phone: buyer.phone, ip: buyer.ip }, s);
  return sms.ok ? { confirm, waitsForCall: null, release: sms.release } : { confirm, waitsForCall: sms.reason, release: none };
}

/** The alert with the admin's current settings (the dashboard and /admin/mail). */
export async function currentSmsAlert() {
  return shopSmsAlert(await getSettings());
}
