import crypto from "node:crypto";

import { NOT_CONFIRMED } from "~/schemas/order-ops";
import type { CodConfirmMode } from "~/schemas/settings";
import { prisma, type Tx } from "~/models/platform/index.server";

import { enqueueMail, outboxCtes } from "~/models/mail/index.server";
import { catalogueChanged } from "~/models/platform/index.server";
import { pruneSlots } from "~/models/platform/index.server";
import { restock } from "./order-ops.server";

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

/** Whether an order of this buyer waits for a code (the admin's setting). */
export function needsConfirmation(mode: CodConfirmMode, userId: number | null): boolean {
  return mode === "all" || (mode === "guests" && userId === null);
}

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
  { confirm, silent = false }: { confirm: boolean; silent?: boolean },
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
  await expireHold(job.orderId, now);
}

/**
 * The hold's job: cancels the order if it is still unconfirmed and open, puts
 * its stock back and tells the buyer. Returns whether it did (false: the order
 * was confirmed, paid, delivered or cancelled meanwhile).
 */
export async function expireHold(orderId: string, now = new Date()): Promise<boolean> {
  let restocked: number[] = [];
  const done = await prisma.$transaction(
    async (tx) => {
      // The order's row first (this UPDATE locks it), its code last: the lock order of confirmByCode too (decision 079).
      const { count } = await tx.order.updateMany({
        where: { id: orderId, confirmedAt: null, cancelledAt: null, isPaid: false, isDelivered: false },
        data: { cancelledAt: now, cancelReason: NOT_CONFIRMED },
      });
      if (count === 0) return false;
      restocked = await restock(tx, orderId);
      await tx.orderEvent.create({ data: { orderId, type: "cancelled", reason: NOT_CONFIRMED, actorId: null, at: now } });
      await tx.orderConfirmCode.deleteMany({ where: { orderId } });
      const { shippingEmail } = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { shippingEmail: true } });
      await enqueueMail(tx, {
        key: `order-cancelled:${orderId}`,
        to: shippingEmail,
        template: "order-cancelled",
        data: { orderId, reason: NOT_CONFIRMED },
      });
      return true;
    },
    { maxWait: 15_000, timeout: 20_000 },
  );
  if (done) catalogueChanged(restocked.map((productId) => `product:${productId}` as const));
  // Housekeeping beside it: order-limit keys whose budget is whole again.
  await pruneSlots(prisma).catch((error: unknown) => console.error("pruning order limits failed", error));
  return done;
}
