import { beforeEach, describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { sessionStorage } from "~/models/accounts/index.server";
import { LOOSE_BUYER_LIMITS, NO_CALL_RULE } from "../../../tests/support/settings";
import { DEFAULT_SETTINGS, saveSettings } from "~/models/platform/index.server";
import { smsText } from "~/models/mail/index.server";
import { confirmByCode, OLD_CODE, resendCode, WRONG_CODE } from "./cod-confirm.server";
import { address, guest, product, rejection, user } from "../../../tests/support/order.fixtures";
import { hasLinkGrant, openByLink, orderShortLink } from "./order-link.server";
import { orderMessage } from "./order-messages.server";
import { getOrderTimeline } from "./order-ops.server";
import { getOrderForViewer, placeOrder } from "./order.server";
import { expireHold } from "./cod-hold.server";
import { testAdmin } from "../../../tests/support/actors";

// Issue 41 item 1, decision 084, against a real PostgreSQL: the SMS's short link, the old code after a
// resend, and the timeline's actors for the steps no account took.

const loose = {
  ...DEFAULT_SETTINGS,
  ...NO_CALL_RULE,
  ...LOOSE_BUYER_LIMITS,
  codConfirm: "all" as const,
};
beforeEach(async () => {
  await saveSettings(testAdmin, loose);
});

const codeOf = async (orderId: string, sends: number) =>
  ((await prisma.mailOutbox.findUniqueOrThrow({ where: { key: `order-code:${orderId}:${sends}` } })).data as { code: string }).code;

describe("the SMS's short link", () => {
  it("every order has its own 10-character token; the link opens a signed-in buyer's order, masked, to confirm without a sign-in", async () => {
    const p = await product(100, { M: 10 });
    const buyer = await user();
    const order = await placeOrder({ userId: buyer.id, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    const { linkToken } = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, select: { linkToken: true } });
    expect(linkToken).toMatch(/^[A-Za-z0-9]{10}$/);

    // Without the link, a stranger gets the 404 the page gives.
    expect((await rejection(getOrderForViewer(order.id, null))).status).toBe(404);
    const session = await sessionStorage.getSession();
    expect(await openByLink(session, "zzzzzzzzzz", "10.9.9.9")).toBeNull();
    expect(await openByLink(session, linkToken, "10.9.9.9")).toMatchObject({ id: order.id });
    expect(hasLinkGrant(session, order.id)).toBe(true);
    const seen = await getOrderForViewer(order.id, null, { linked: true });
    expect(seen.shippingAddress.address).not.toBe(address.address);
    expect(seen.shippingAddress.phone).toContain("•");
    // Cancelling stays the account's: the link only views and confirms.
    expect(seen.actions).not.toContain("cancel");
    expect((await confirmByCode(order.id, await codeOf(order.id, 1), null, new Date(), true)).isConfirmed).toBe(true);

    // The code SMS names the link.
    const message = await orderMessage(order.id);
    expect(smsText("order-code", message.lang, message, orderShortLink(linkToken, "https://tanabana.com.bd"), "123456")).toContain(
      `tanabana.com.bd/o/${linkToken}`,
    );
  });

  it("refuses an address that keeps guessing", async () => {
    const session = await sessionStorage.getSession();
    const ip = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 30; i++) expect(await openByLink(session, `guess${String(i).padStart(5, "0")}`, ip)).toBeNull();
    expect((await rejection(openByLink(session, "guessLast00", ip))).status).toBe(429);
  });
});

describe("an old code after a resend", () => {
  it("is named as replaced, not as wrong; the latest confirms", async () => {
    const p = await product(100, { M: 10 });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    const first = await codeOf(order.id, 1);
    await resendCode(order.id, null, new Date(Date.now() + 61_000));
    const latest = await codeOf(order.id, 2);
    if (first !== latest) expect(await rejection(confirmByCode(order.id, first, null))).toMatchObject({ status: 400, message: OLD_CODE });
    const wrong = ["000000", "111111", "222222"].find((c) => c !== first && c !== latest)!;
    expect(await rejection(confirmByCode(order.id, wrong, null))).toMatchObject({ status: 400, message: WRONG_CODE });
    expect((await confirmByCode(order.id, latest, null)).isConfirmed).toBe(true);
  });
});

describe("the timeline's actors", () => {
  it("names the buyer with the code and the hold's end, never 'Not recorded'", async () => {
    const p = await product(100, { M: 10 });
    const coded = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    await confirmByCode(coded.id, await codeOf(coded.id, 1), null);
    const timeline = await getOrderTimeline(coded, { withActors: true });
    expect(timeline.find((e) => e.type === "confirmed")).toMatchObject({ actor: null, actorRole: "buyerCode" });

    const lapsed = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    const { holdUntil } = await prisma.orderConfirmCode.findUniqueOrThrow({ where: { orderId: lapsed.id } });
    await expireHold(lapsed.id, new Date(holdUntil.getTime() + 1_000));
    const ended = await getOrderTimeline(lapsed, { withActors: true });
    expect(ended.find((e) => e.type === "cancelled")).toMatchObject({ actor: null, actorRole: "holdEnded" });
    expect(JSON.stringify(ended)).not.toMatch(/Not recorded|Guest buyer/);
    // The buyer's own view names nobody.
    expect((await getOrderTimeline(lapsed, { withActors: false })).every((e) => e.actor === null && !e.actorRole)).toBe(true);
  });
});
