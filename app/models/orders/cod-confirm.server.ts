import crypto from "node:crypto";

import { prisma, type Tx } from "~/models/platform/index.server";
import { toLatinDigits } from "~/utils/digits";

import { enqueueSms, outboxData, outboxEntry } from "~/models/mail/index.server";
import { notFound, ServiceError, tooManyRequests } from "~/models/platform/index.server";
import { demoShowsCodes } from "~/models/sms/index.server";
import { canView, maskPhone, type Viewer } from "./order-access.server";
import { orderInclude, toOrderDTO, type OrderDTO } from "./order-dto.server";
import { afterHoldEnd, expireHoldIn, hashCode, newCode, type HoldEnd } from "./cod-hold.server";
import { markConfirmed, orderStateSelect } from "./order-ops.server";
import { requireOrderAction } from "./order-permissions.server";
import { getSettingsForCheckout } from "~/models/platform/index.server";
import { spendSms, type SmsBudget } from "./anti-drain.server";
import { clientLockedUntil, countWrongTry, liftLocks, LOCK_SECONDS, TRIES_PER_ORDER } from "./cod-lock.server";

// What the buyer and the back office do with an order that awaits
// confirmation (decision 055): enter the code, ask for it again, or (admin)
// record that the buyer confirmed on a call. Each checks who asks, here.

export const WRONG_CODE = "That code is not right. Check the SMS and try again.";
/** An earlier code of this order, after a resend replaced it (issue 41 item 1). */
export const OLD_CODE = "We sent you a new code; use the latest one";
export const CODE_LOCKED = "Too many wrong codes. Try again in 15 minutes, or call us to confirm.";
export const RESEND_WAIT = "We have just sent a code. Please wait a minute before asking again.";
export const TOO_MANY_CODES = "We have sent this order's code several times. Please call us to confirm it.";
export const ALREADY_CANCELLED = "This order has been cancelled";
/** No code confirms it any more (an SMS budget ran out, or codes were guessed at): the shop calls (issue 37). */
export const WAITS_FOR_CALL = "We will call you to confirm this order.";
export const HOLD_ENDED = "The time to confirm this order has ended, so it has been cancelled. Please order again.";

const RESEND_GAP_MS = 60_000;
const MAX_SENDS = 5;

/** The order if this viewer may see it; anyone else gets the 404 the order page gives. */
async function openOrder(db: Tx | typeof prisma, id: string, viewer: Viewer, linked = false) {
  const row = await db.order.findUnique({ where: { id }, include: { ...orderInclude, confirmCode: true } });
  if (!row || !canView(row, viewer, linked)) throw notFound("Order");
  return row;
}

/**
 * Locks the order's row: the first lock of every transaction that writes an
 * order and its code (here, expireHoldIn, markConfirmed), always the order
 * before the code, so two of them never wait on each other in a cycle
 * (issue 40 #6, decision 079). It also makes a second submit wait for the
 * first and then read its outcome.
 */
async function lockOrder(tx: Tx, id: string) {
  await tx.$queryRaw`SELECT 1 FROM "Order" WHERE id = ${id} FOR UPDATE`;
}

function sameCode(orderId: string, typed: string, storedHash: string) {
  const a = Buffer.from(hashCode(orderId, typed), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Confirms an order with the code from its SMS. The rights are those of
 * viewing the order (its account, or a guest order's link) plus the code
 * itself. A wrong code is a 400; a client's fifth in a row locks that client
 * out for 15 minutes (429, cod-lock.server.ts), not the order. Confirming
 * twice answers with the confirmed order. An order that waits for a call
 * takes no code (409).
 */
export async function confirmByCode(
  id: string,
  code: string,
  viewer: Viewer,
  now = new Date(),
  linked = false,
  client: string | null = null,
): Promise<OrderDTO> {
  const typed = toLatinDigits(code).replace(/\s/g, "");
  if (!/^\d{6}$/.test(typed)) throw new ServiceError(400, "Enter the 6-digit code from the SMS", { code: ["Enter the 6-digit code from the SMS"] });
  const locked = await clientLockedUntil(id, client, now);
  const outcome = await prisma.$transaction(async (tx) => {
    await lockOrder(tx, id);
    const row = await openOrder(tx, id, viewer, linked);
    if (row.confirmedAt) return { row };
    if (row.cancelledAt) throw new ServiceError(409, ALREADY_CANCELLED);
    // Then the code's row: concurrent guesses are counted one after another.
    const [c] = await tx.$queryRaw<{ codeHash: string; failedTries: number; holdUntil: Date; waitsForCall: string | null }[]>`
      SELECT "codeHash", "failedTries", "holdUntil", "waitsForCall" FROM "OrderConfirmCode" WHERE "orderId" = ${id} FOR UPDATE`;
    if (!c) throw new ServiceError(409, "This order has no code to confirm; please call us");
    if (c.waitsForCall) throw new ServiceError(409, WAITS_FOR_CALL);
    // The hold's end decides, not whether its job has run yet: a job running late must not let a late code in.
    // Its expiry runs here, under this lock, so no other submit confirms between this look and the cancel.
    if (c.holdUntil <= now) return { ended: await expireHoldIn(tx, id, now) };
    if (locked) return { locked: (locked.getTime() - now.getTime()) / 1000 };
    if (!sameCode(id, typed, c.codeHash)) {
      // All clients together: past the ceiling the code stops working and a call confirms the order.
      const tries = c.failedTries + 1;
      await tx.orderConfirmCode.update({
        where: { orderId: id },
        data: { failedTries: tries, ...(tries >= TRIES_PER_ORDER ? { waitsForCall: "locked" } : {}) },
      });
      if (tries >= TRIES_PER_ORDER) return { waits: true };
      // Still a counted try (it is not this code), but the buyer is told what happened.
      return (await isReplacedCode(tx, id, typed)) ? { old: true } : { wrong: true };
    }
    await markConfirmed(tx, id, "code", viewer?.id ?? null, now);
    return { row: await openOrder(tx, id, viewer, linked) };
  });
  // Outside the transaction: a wrong try must stay counted, not roll back with the error.
  // The hold is over: its expiry ran now rather than whenever its job comes (it runs once either way).
  if ("ended" in outcome && outcome.ended) return holdEnded(outcome.ended);
  if ("locked" in outcome) throw tooManyRequests(CODE_LOCKED, outcome.locked ?? LOCK_SECONDS);
  if ("waits" in outcome) throw new ServiceError(409, WAITS_FOR_CALL);
  if ("old" in outcome || "wrong" in outcome) {
    const until = await countWrongTry(id, client, now);
    if (until) {
      // Remembered on the order too: a hold that ends while someone is locked out waits for a call (expireHold).
      await prisma.orderConfirmCode.updateMany({
        where: { orderId: id, OR: [{ lockedUntil: null }, { lockedUntil: { lt: until } }] },
        data: { lockedUntil: until },
      });
      throw tooManyRequests(CODE_LOCKED, (until.getTime() - now.getTime()) / 1000);
    }
    if ("old" in outcome) throw new ServiceError(400, OLD_CODE, { code: [OLD_CODE] });
    throw new ServiceError(400, WRONG_CODE, { code: [WRONG_CODE] });
  }
  return toOrderDTO(outcome.row);
}

/**
 * Sends a new code (the old one stops working, and every wrong-code lock on
 * the order is lifted): at most one a minute and five per order, and each
 * SMS spends from the budgets per phone, per address and shop-wide
 * (anti-drain.server.ts). Past a budget no SMS goes out: the order waits for a call.
 */
export async function resendCode(id: string, viewer: Viewer, now = new Date(), linked = false, client: string | null = null): Promise<{ sentTo: string }> {
  const settings = await getSettingsForCheckout();
  let budget: SmsBudget | null = null;
  const outcome = await prisma
    .$transaction(async (tx) => {
      await lockOrder(tx, id);
      const row = await openOrder(tx, id, viewer, linked);
      if (row.cancelledAt) throw new ServiceError(409, ALREADY_CANCELLED);
      if (row.confirmedAt) throw new ServiceError(409, "This order is already confirmed");
      const [c] = await tx.$queryRaw<{ sends: number; sentAt: Date; holdUntil: Date; waitsForCall: string | null }[]>`
      SELECT sends, "sentAt", "holdUntil", "waitsForCall" FROM "OrderConfirmCode" WHERE "orderId" = ${id} FOR UPDATE`;
      if (!c) throw new ServiceError(409, "This order has no code to confirm; please call us");
      // An SMS budget ran out for it: no more texts, the shop calls. A lock (not a budget) a new code lifts.
      if (c.waitsForCall && c.waitsForCall !== "locked") throw new ServiceError(409, WAITS_FOR_CALL);
      // No code for an order whose time to confirm is over (its expiry is due).
      if (c.holdUntil <= now) return { ended: await expireHoldIn(tx, id, now) };
      if (c.sends >= MAX_SENDS) return { refused: TOO_MANY_CODES, wait: 3600 };
      const since = now.getTime() - c.sentAt.getTime();
      if (since < RESEND_GAP_MS) return { refused: RESEND_WAIT, wait: (RESEND_GAP_MS - since) / 1000 };
      // Spent in its own statement (the shop-wide row is not held by this transaction), given back below if this fails.
      budget = await spendSms({ phone: row.phone, ip: client }, settings, now);
      if (!budget.ok) {
        await tx.orderConfirmCode.update({ where: { orderId: id }, data: { waitsForCall: budget.reason } });
        return { waits: true };
      }
      const code = newCode();
      const sends = c.sends + 1;
      await tx.orderConfirmCode.update({
        where: { orderId: id },
        data: { codeHash: hashCode(id, code), sends, sentAt: now, failedTries: 0, lockedUntil: null, waitsForCall: null },
      });
      await liftLocks(tx, id);
      await enqueueSms(tx, { key: `order-code:${id}:${sends}`, to: row.phone, template: "order-code", data: { orderId: id, code } });
      return { sentTo: maskPhone(row.phone) };
    })
    .catch(async (error: unknown) => {
      const spent = budget as SmsBudget | null;
      if (spent?.ok) await spent.release();
      throw error;
    });
  if ("ended" in outcome && outcome.ended) return holdEnded(outcome.ended);
  if ("waits" in outcome) throw new ServiceError(409, WAITS_FOR_CALL);
  if ("refused" in outcome) throw tooManyRequests(outcome.refused ?? RESEND_WAIT, outcome.wait ?? 60);
  return { sentTo: outcome.sentTo };
}

/** The hold was over, and its expiry ran in the caller's transaction: cancelled, or (locked out at its end) waiting for a call. */
async function holdEnded(end: HoldEnd): Promise<never> {
  await afterHoldEnd(end);
  throw new ServiceError(409, end.waitsForCall ? WAITS_FOR_CALL : HOLD_ENDED);
}

/** Whether `typed` is one of the codes a resend replaced: each went out in its own SMS, whose outbox row keeps it. */
async function isReplacedCode(tx: Tx, orderId: string, typed: string): Promise<boolean> {
  const sent = await outboxData(tx, "order-code", `order-code:${orderId}:`);
  return sent.some((data) => (data as { code?: unknown } | null)?.code === typed);
}

/** An admin records that the buyer confirmed on a call (the usual way when they have no SMS). */
export async function confirmByCall(id: string, actor: Viewer, now = new Date()): Promise<OrderDTO> {
  const row = await prisma.$transaction(async (tx) => {
    if (requireOrderAction(await tx.order.findUnique({ where: { id }, select: orderStateSelect }), "confirm-call", actor) === "go") {
      await markConfirmed(tx, id, "call", actor?.id ?? null, now);
    }
    return openOrder(tx, id, actor);
  });
  return toOrderDTO(row);
}

export type ConfirmationView = {
  /** The masked number the code went to. */
  sentTo: string;
  /** When the stock goes back if the order is still unconfirmed. */
  holdUntil: string;
  /** Set while this client's five wrong codes keep its form closed. */
  lockedUntil: string | null;
  /** The demo's captured code (npm start only, marked as a demo on the page); null anywhere real. */
  demoCode: string | null;
  /** When "Send the code again" works again; null once the order's codes are used up (the page says to call). */
  resendAt: string | null;
};

/** An unconfirmed order with no code to enter (placed before codes, e.g. the demo's seeded ones): the page says so. */
export type NoCodeView = { noCode: true };

/** No code confirms it any more (an SMS budget ran out, or codes were guessed at): the page says we will call (issue 37). */
export type CallView = { waitsForCall: true };

/** What the order page shows while an order awaits its code; null when it awaits nothing. */
export async function confirmationView(
  order: Pick<OrderDTO, "id" | "isConfirmed" | "cancelledAt">,
  now = new Date(),
  client: string | null = null,
): Promise<ConfirmationView | NoCodeView | CallView | null> {
  if (order.isConfirmed || order.cancelledAt) return null;
  const row = await prisma.order.findUnique({
    where: { id: order.id },
    select: { phone: true, confirmCode: { select: { holdUntil: true, sends: true, sentAt: true, waitsForCall: true } } },
  });
  if (!row) return null;
  if (!row.confirmCode) return { noCode: true };
  const c = row.confirmCode;
  if (c.waitsForCall) return { waitsForCall: true };
  // The lock is this client's own (cod-lock.server.ts): someone else's wrong codes never close this form.
  const lockedUntil = await clientLockedUntil(order.id, client, now);
  return {
    resendAt: c.sends >= MAX_SENDS ? null : new Date(Math.max(now.getTime(), c.sentAt.getTime() + RESEND_GAP_MS)).toISOString(),
    sentTo: maskPhone(row.phone),
    holdUntil: c.holdUntil.toISOString(),
    lockedUntil: lockedUntil?.toISOString() ?? null,
    demoCode: demoShowsCodes() ? await capturedCode(order.id, c.sends) : null,
  };
}

/** The code in the demo's captured SMS (its outbox row keeps the data it was rendered from). */
async function capturedCode(orderId: string, sends: number): Promise<string | null> {
  const sms = await outboxEntry(`order-code:${orderId}:${sends}`);
  const data = sms?.data as { code?: unknown } | null | undefined;
  return typeof data?.code === "string" ? data.code : null;
}
