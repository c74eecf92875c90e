import crypto from "node:crypto";

import type { Prisma } from "@prisma/client";

import { NOT_CONFIRMED } from "~/schemas/order-ops";
import type { CodConfirmMode } from "~/schemas/settings";
import { prisma, type Tx } from "~/models/platform/index.server";

import { enqueueMail, outboxCtes } from "~/models/mail/index.server";
import { catalogueChanged } from "~/models/platform/index.server";
import { pruneSlots } from "~/models/platform/index.server";
import { restock } from "./order-ops.server";
import type { CallReason } from "./anti-drain.server";

/*
 * Cash on delivery, confirmed (issue 26, docs/decisions/055-cod-confirmation.md).
 * An order that must be confirmed is placed as today (stock taken, cart
 * cleared) and gets a 6-digit code by SMS plus a hold: a job on the queue
 * that runs when the hold ends and, if the order is still unconfirmed,
 * cancels it ("not confirmed"), puts its stock back and tells the buyer.
 * The job lives in PostgreSQL (graphile-worker), so it survives restarts and
 * runs once with several instances; its UPDATE's WHERE is the rule, so even
 * two runs put the stock back once.
 */

export const EXPIRE_HOLD_TASK = "expire-order-hold";

/** How long stock is held for an unconfirmed order (COD_CONFIRM_MINUTES, default 30; fractions for tests). */
export function holdMinutes(): number {
  const n = Number(process.env.COD_CONFIRM_MINUTES);
  return Number.isFinite(n) && n > 0 ? n : 30;
}

/**
 * Whether an order of this buyer waits for a code (the admin's setting).
 * "guests" confirms every guest order and an account's orders until the
 * account or its phone has a delivered order (issue 37, decision 093): an
 * account costs nothing to make, a delivered parcel does.
 */
export function needsConfirmation(mode: CodConfirmMode, userId: number | null, delivered = false): boolean {
  return mode === "all" || (mode === "guests" && (userId === null || !delivered));
}

/** How long an order that waits for a call keeps its items before it is cancelled as not confirmed. */
export const CALL_HOLD_HOURS = 24;

/** A fresh 6-digit code (leading zeros kept). */
export const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");

/** What is stored of a code: its SHA-256, bound to the order so one hash cannot serve two orders. */
export const hashCode = (orderId: string, code: string) => crypto.createHash("sha256").update(`${orderId}:${code}`).digest("hex");

/**
 * Inside the placing transaction, in one statement (checkout is the shop's
 * hottest write): the order e-mail, and for an order that must be confirmed
 * the code's row, the SMS and the hold's job. One job does both of the
 * order's chores (one queue row fewer per order): it runs at once to send the
 * text, then waits on the queue until the hold ends (runHoldJob). Its key
 * names the order, so the queue holds one hold per order.
 */
export async function queueOrderPlaced(
  tx: Tx,
  order: { id: string; email: string; phone: string },
  { confirm, silent = false, waitsForCall = null }: { confirm: boolean; silent?: boolean; waitsForCall?: CallReason | null },
  now = new Date(),
): Promise<void> {
  const mail = outboxCtes("placed_mail", {
    channel: "email",
    key: `order-placed:${order.id}`,
    to: order.email,
    template: "order-placed",
    data: { orderId: order.id },
  });
  if (!confirm) {
    await tx.$executeRaw`WITH ${mail} SELECT count(*) FROM placed_mail_job`;
    return;
  }
  if (waitsForCall) return queueCallHold(tx, order, waitsForCall, mail, now);
  const code = newCode();
  const holdUntil = new Date(now.getTime() + holdMinutes() * 60_000);
  if (silent) {
    // Waits for the shop's call (the phone's record, decision 092): no code goes out, but the hold
    // still ends it, so a flood of such orders cannot keep the stock (chaos case 12).
    await tx.$executeRaw`
      WITH ${mail},
      c AS (
        INSERT INTO "OrderConfirmCode" ("orderId", "codeHash", "sentAt", "holdUntil")
        VALUES (${order.id}, ${hashCode(order.id, code)}, ${now}::timestamp, ${holdUntil}::timestamp)),
      hold AS (
        SELECT graphile_worker.add_job(${EXPIRE_HOLD_TASK}, json_build_object('orderId', ${order.id}::text),
          job_key => ${`hold:${order.id}`}, max_attempts => 25))
      SELECT (SELECT count(*) FROM placed_mail_job), (SELECT count(*) FROM hold)`;
    return;
  }
  const smsKey = `order-code:${order.id}:1`;
  const sms = outboxCtes(
    "code_sms",
    { channel: "sms", key: smsKey, to: order.phone, template: "order-code", data: { orderId: order.id, code } },
    { job: false },
  );
  await tx.$executeRaw`
    WITH ${mail}, ${sms},
    c AS (
      INSERT INTO "OrderConfirmCode" ("orderId", "codeHash", "sentAt", "holdUntil")
      VALUES (${order.id}, ${hashCode(order.id, code)}, ${now}::timestamp, ${holdUntil}::timestamp)),
    hold AS (
      SELECT graphile_worker.add_job(${EXPIRE_HOLD_TASK}, json_build_object('orderId', ${order.id}::text, 'sms', ${smsKey}::text),
        job_key => ${`hold:${order.id}`}, max_attempts => 25))
    SELECT (SELECT count(*) FROM placed_mail_job), (SELECT count(*) FROM code_sms), (SELECT count(*) FROM hold)`;
}

/**
 * An order past an SMS budget (anti-drain.server.ts): no text, no code that
 * works; a code row that says it waits for a call, and a hold of a day for
 * the shop to make it.
 */
async function queueCallHold(tx: Tx, order: { id: string }, reason: CallReason, mail: Prisma.Sql, now: Date): Promise<void> {
  const holdUntil = new Date(now.getTime() + CALL_HOLD_HOURS * 3600_000);
  await tx.$executeRaw`
    WITH ${mail},
    c AS (
      INSERT INTO "OrderConfirmCode" ("orderId", "codeHash", "sentAt", "holdUntil", "waitsForCall", sends)
      VALUES (${order.id}, ${hashCode(order.id, newCode())}, ${now}::timestamp, ${holdUntil}::timestamp, ${reason}, 0)),
    hold AS (
      SELECT graphile_worker.add_job(${EXPIRE_HOLD_TASK}, json_build_object('orderId', ${order.id}::text),
        job_key => ${`hold:${order.id}`}, run_at => ${holdUntil}::timestamptz, max_attempts => 25))
    SELECT (SELECT count(*) FROM placed_mail_job), (SELECT count(*) FROM hold)`;
}

export type HoldJob = { orderId: string; sms?: string };

/**
 * The hold's job. First run (with `sms`): sends the code's text through
 * `send` (the queue's send task: a refused send schedules its own retry), then waits
 * on the queue until the hold ends. At the end: expireHold. A run that comes
 * early (a retry after a crash) just waits again; one after the order was
 * confirmed finds nothing to do.
 */
export async function runHoldJob(
  job: HoldJob,
  { send, waitUntil }: { send: (key: string) => Promise<void>; waitUntil: (runAt: Date) => Promise<void> },
  now = new Date(),
): Promise<void> {
  if (job.sms) await send(job.sms);
  const code = await prisma.orderConfirmCode.findUnique({ where: { orderId: job.orderId }, select: { holdUntil: true } });
  if (code && code.holdUntil > now) return waitUntil(code.holdUntil);
  if (await expireHold(job.orderId, now)) return;
  // Not cancelled: it may wait for a call now (a lock outlasted the hold), with a longer hold of its own.
  const later = await prisma.orderConfirmCode.findUnique({ where: { orderId: job.orderId }, select: { holdUntil: true } });
  if (later && later.holdUntil > now) return waitUntil(later.holdUntil);
}

/** How a hold's end came out: cancelled (its pieces back), or left waiting for a call, or nothing to do. */
export type HoldEnd = { cancelled: boolean; waitsForCall: boolean; restocked: number[] };

/**
 * The hold's end, inside the caller's transaction: cancels the order if it is
 * still unconfirmed and open and puts its stock back, or (locked out at its
 * end) leaves it waiting for a call. The order's row is locked first and its
 * code's last, the lock order of confirmByCode too (decision 079), so a confirm
 * that finds the hold over can end it in its own transaction: no other submit
 * can confirm between its look and the cancel (chaos case 14).
 */
export async function expireHoldIn(tx: Tx, orderId: string, now: Date): Promise<HoldEnd> {
  await tx.$queryRaw`SELECT 1 FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
  // A hold that ends while someone is locked out of the code is no proof the buyer did not
  // confirm (issue 37): the order waits for a call, with a day's hold, instead of being cancelled.
  const waits = await tx.$executeRaw`
    UPDATE "OrderConfirmCode" SET "waitsForCall" = 'locked', "holdUntil" = "holdUntil" + make_interval(hours => ${CALL_HOLD_HOURS})
    WHERE "orderId" = ${orderId} AND "waitsForCall" IS NULL AND "lockedUntil" > "holdUntil" AND "holdUntil" <= ${now}::timestamp`;
  if (waits > 0) return { cancelled: false, waitsForCall: true, restocked: [] };
  const { count } = await tx.order.updateMany({
    // An order that waits for a call keeps its items until its own (longer) hold is over.
    where: {
      id: orderId,
      confirmedAt: null,
      cancelledAt: null,
      isPaid: false,
      isDelivered: false,
      NOT: { confirmCode: { is: { waitsForCall: { not: null }, holdUntil: { gt: now } } } },
    },
    data: { cancelledAt: now, cancelReason: NOT_CONFIRMED },
  });
  if (count === 0) return { cancelled: false, waitsForCall: false, restocked: [] };
  const restocked = await restock(tx, orderId);
  await tx.orderEvent.create({ data: { orderId, type: "cancelled", reason: NOT_CONFIRMED, actorId: null, at: now } });
  await tx.orderConfirmCode.deleteMany({ where: { orderId } });
  const { shippingEmail } = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { shippingEmail: true } });
  await enqueueMail(tx, {
    key: `order-cancelled:${orderId}`,
    to: shippingEmail,
    template: "order-cancelled",
    data: { orderId, reason: NOT_CONFIRMED },
  });
  return { cancelled: true, waitsForCall: false, restocked };
}

/** After a hold's end has committed: the restocked products' pages change, and spent order-limit keys go. */
export async function afterHoldEnd(end: HoldEnd): Promise<void> {
  if (end.cancelled) catalogueChanged(end.restocked.map((productId) => `product:${productId}` as const));
  // Housekeeping beside it: order-limit keys whose budget is whole again.
  await pruneSlots(prisma).catch((error: unknown) => console.error("pruning order limits failed", error));
}

/**
 * The hold's job: cancels the order if it is still unconfirmed and open, puts
 * its stock back and tells the buyer. Returns whether it did (false: the order
 * was confirmed, paid, delivered or cancelled meanwhile, or waits for a call).
 */
export async function expireHold(orderId: string, now = new Date()): Promise<boolean> {
  const end = await prisma.$transaction((tx) => expireHoldIn(tx, orderId, now), { maxWait: 15_000, timeout: 20_000 });
  await afterHoldEnd(end);
  return end.cancelled;
}

/**
 * Holds that ended before `before` on orders still open and unconfirmed: their
 * expiry job has not run (mail's health page says so). How many, and the
 * earliest end among them.
 */
export async function overdueHolds(before: Date): Promise<{ count: number; oldestHoldUntil: Date | null }> {
  const holds = await prisma.orderConfirmCode.aggregate({
    where: { holdUntil: { lt: before }, order: { confirmedAt: null, cancelledAt: null, isPaid: false, isDelivered: false } },
    _count: true,
    _min: { holdUntil: true },
  });
  return { count: holds._count, oldestHoldUntil: holds._min.holdUntil };
}
