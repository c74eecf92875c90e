import { beforeAll, describe, expect, it } from "vitest";

import { shipOrderSchema } from "~/schemas/order-ops";
import { prisma } from "~/models/platform/index.server";

import { sendQueuedMail, wakeWaitingMail } from "~/models/mail/index.server";
import { renderSms } from "~/models/mail/index.server";
import { confirmByCall } from "./cod-confirm.server";
import { address, guest, product, rejection, returningBuyer, user } from "../../../tests/support/order.fixtures";
import { linkDomains } from "~/domain-links.server";
import { cancelOrder, getOrderTimeline, markShipped, markStep } from "./order-ops.server";
import { getOrderForViewer, placeOrder } from "./order.server";

// The Shipped step (issue 28 item 2) and who may take each step (issue 30 item 1).

const asViewer = (u: { id: number; isAdmin: boolean }) => ({ id: u.id, isAdmin: u.isAdmin });

async function signedInOrder() {
  const buyer = await returningBuyer();
  const p = await product(900, { M: 5 });
  const order = await placeOrder({ userId: buyer.id, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
  return { buyer, order };
}

const outbox = (orderId: string) =>
  prisma.mailOutbox.findMany({
    where: { data: { path: ["orderId"], equals: orderId } },
    orderBy: { id: "asc" },
    select: { key: true, template: true, channel: true, status: true, text: true },
  });

// Orders and accounts lend the send step what their messages say (app/domain-links.server.ts), as every server does.
beforeAll(() => linkDomains());

describe("shipping an order", () => {
  it("is the admin's: 401 signed out, 403 for a shopper, 409 until the order is confirmed", async () => {
    const admin = asViewer(await user(true));
    const { buyer, order } = await signedInOrder();
    const input = { courier: "pathao" as const, trackingNumber: "PX-1001" };
    expect((await rejection(markShipped(order.id, input, null))).status).toBe(401);
    expect((await rejection(markShipped(order.id, input, asViewer(buyer)))).status).toBe(403);
    expect((await rejection(markShipped("not-an-order", input, admin))).status).toBe(404);

    const p = await product(500, { L: 3 });
    const unconfirmed = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "L", qty: 1 }], shippingAddress: address });
    const refused = await rejection(markShipped(unconfirmed.id, input, admin));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/Confirm this order first/);
    await confirmByCall(unconfirmed.id, admin);
    await expect(markShipped(unconfirmed.id, input, admin)).resolves.toMatchObject({ isShipped: true, courier: "pathao" });
  });

  it("records the courier once, tells the buyer by e-mail and SMS, and a correction sends only the corrected one", async () => {
    const admin = asViewer(await user(true));
    const { buyer, order } = await signedInOrder();
    const shipped = await markShipped(order.id, { courier: "steadfast", trackingNumber: "SF123" }, admin);
    expect(shipped).toMatchObject({ isShipped: true, courier: "steadfast", trackingNumber: "SF123", shipNote: null, isDelivered: false });
    // The same form sent twice (a double click) changes nothing and queues nothing.
    await markShipped(order.id, { courier: "steadfast", trackingNumber: "SF123" }, admin);
    // A typo fixed: shippedAt stays, a second timeline entry, one new e-mail and SMS.
    const corrected = await markShipped(order.id, { courier: "steadfast", trackingNumber: "SF124", note: "Call before 5 pm" }, admin);
    expect(corrected.shippedAt).toBe(shipped.shippedAt);
    expect(corrected).toMatchObject({ trackingNumber: "SF124", shipNote: "Call before 5 pm" });

    const timeline = await getOrderTimeline(corrected, { withActors: true });
    expect(timeline.filter((e) => e.type === "shipped").map((e) => e.reason)).toEqual(["steadfast SF123", "steadfast SF124"]);

    const queued = (await outbox(order.id)).filter((m) => m.template === "order-shipped");
    expect(queued.map((m) => `${m.channel} ${m.key}`)).toEqual([
      `email order-shipped:${order.id}:steadfast:SF123`,
      `sms sms-order-shipped:${order.id}:steadfast:SF123`,
      `email order-shipped:${order.id}:steadfast:SF124`,
      `sms sms-order-shipped:${order.id}:steadfast:SF124`,
    ]);
    for (const m of queued) await sendQueuedMail(m.key);
    const sent = (await outbox(order.id)).filter((m) => m.template === "order-shipped");
    expect(sent.map((m) => m.status)).toEqual(["skipped", "skipped", "captured", "captured"]);
    const mail = sent[2]!.text!;
    expect(mail).toContain("We have handed order");
    expect(mail).toContain("Steadfast");
    expect(mail).toContain("Tracking number: SF124");
    expect(mail).toContain("Call before 5 pm");
    expect(mail).toMatch(/keep ৳[\d,.]+ ready in cash/);
    // One GSM-7 segment (decision 084): the tracking number waits behind the order's short link.
    expect(sent[3]!.text).toMatch(/^TanaBana: order TB-\d+ is on its way with Steadfast\. Keep Tk [\d,]+ ready\. Track it: \S+\/o\/\w+$/);
    expect((await prisma.mailOutbox.findFirstOrThrow({ where: { key: `order-placed:${order.id}` } })).to).toBe(buyer.email);
  });

  it("lets the shop's own rider go without a tracking number, and asks one of a courier", () => {
    expect(shipOrderSchema.safeParse({ courier: "own-rider", trackingNumber: "" }).success).toBe(true);
    const courier = shipOrderSchema.safeParse({ courier: "redx", trackingNumber: " " });
    expect(courier.success ? null : courier.error.flatten().fieldErrors.trackingNumber).toEqual(["Enter the courier's tracking number"]);
    const other = shipOrderSchema.safeParse({ courier: "other", trackingNumber: "A1" });
    expect(other.success ? null : other.error.flatten().fieldErrors.note).toEqual(["Name the courier in the note"]);
    expect(shipOrderSchema.safeParse({ courier: "dhl", trackingNumber: "A1" }).success).toBe(false);
    expect(shipOrderSchema.safeParse({ courier: "pathao", trackingNumber: "<script>" }).success).toBe(false);
  });

  it("writes the SMS in Bangla for a Bangla order", async () => {
    const admin = asViewer(await user(true));
    const buyer = await returningBuyer();
    const p = await product(300, { S: 2 });
    const order = await placeOrder({ userId: buyer.id, lines: [{ productId: p.id, size: "S", qty: 1 }], shippingAddress: address, lang: "bn" });
    await markShipped(order.id, { courier: "own-rider" }, admin);
    const text = await renderSms({ template: "order-shipped", data: { orderId: order.id, courier: "own-rider", trackingNumber: null } });
    // One UCS-2 segment (70 characters, decision 084): the rider and cash in Bangla digits, then the order's short link.
    expect(text).toContain("রওনা হলো");
    expect(text).not.toContain("ট্র্যাকিং");
    expect(text).toMatch(/৳[০-৯,]+ রাখুন। \S+\/o\/\w+$/);
  });
});

describe("who may do what to an order", () => {
  it("gives each viewer the steps they may take now, and the services refuse the rest", async () => {
    const admin = asViewer(await user(true));
    const stranger = asViewer(await user());
    const { buyer, order } = await signedInOrder();
    expect((await getOrderForViewer(order.id, asViewer(buyer))).actions).toEqual(["cancel"]);
    expect((await getOrderForViewer(order.id, admin)).actions).toEqual(["pay", "ship", "deliver", "cancel"]);
    expect((await rejection(markStep(order.id, "paid", asViewer(buyer)))).status).toBe(403);
    expect((await rejection(markStep(order.id, "delivered", null))).status).toBe(401);
    expect((await rejection(cancelOrder(order.id, undefined, stranger))).status).toBe(404);

    await markShipped(order.id, { courier: "redx", trackingNumber: "RX9" }, admin);
    // With a courier, the buyer can no longer cancel: the parcel is on the road.
    expect((await getOrderForViewer(order.id, asViewer(buyer))).actions).toEqual([]);
    const refused = await rejection(cancelOrder(order.id, undefined, asViewer(buyer)));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe("A shipped order can only be cancelled by the shop; please contact us");

    // Delivered first and the cash recorded later, as riders bring it back: Paid stays possible.
    await markStep(order.id, "delivered", admin);
    expect((await getOrderForViewer(order.id, admin)).actions).toEqual(["pay"]);
    expect((await rejection(markShipped(order.id, { courier: "redx", trackingNumber: "RX10" }, admin))).status).toBe(409);
    await expect(markStep(order.id, "paid", admin)).resolves.toMatchObject({ isPaid: true, isDelivered: true });
    expect((await getOrderForViewer(order.id, admin)).actions).toEqual([]);
  });
});

describe("messages that a later step makes moot", () => {
  it("sends Paid and Delivered pressed together as one receipt", async () => {
    const admin = asViewer(await user(true));
    const { order } = await signedInOrder();
    await markStep(order.id, "paid", admin);
    await markStep(order.id, "delivered", admin);
    await sendQueuedMail(`order-paid:${order.id}`);
    await sendQueuedMail(`order-delivered:${order.id}`);
    const rows = await outbox(order.id);
    expect(rows.find((m) => m.template === "order-paid")?.status).toBe("skipped");
    const delivered = rows.find((m) => m.template === "order-delivered");
    expect(delivered?.status).toBe("captured");
    expect(delivered?.text).toMatch(/We received ৳[\d,.]+ for it\. Keep this e-mail as your receipt\./);
  });

  it("still sends the receipt when the cash is recorded after the delivered e-mail went", async () => {
    const admin = asViewer(await user(true));
    const { order } = await signedInOrder();
    await markStep(order.id, "delivered", admin);
    await sendQueuedMail(`order-delivered:${order.id}`);
    await markStep(order.id, "paid", admin);
    await sendQueuedMail(`order-paid:${order.id}`);
    const rows = await outbox(order.id);
    expect(rows.find((m) => m.template === "order-delivered")?.text).not.toContain("receipt");
    expect(rows.find((m) => m.template === "order-paid")?.status).toBe("captured");
  });

  it("keeps a message in its settle window waiting when a successful send wakes the retries", async () => {
    const admin = asViewer(await user(true));
    const { order } = await signedInOrder();
    process.env.MAIL_SETTLE_SECONDS = "600";
    try {
      await markStep(order.id, "paid", admin);
    } finally {
      process.env.MAIL_SETTLE_SECONDS = "1";
    }
    await wakeWaitingMail();
    const jobs = await prisma.$queryRaw<{ run_at: Date }[]>`SELECT run_at FROM graphile_worker.jobs WHERE key = ${`order-paid:${order.id}`}`;
    expect(jobs[0]!.run_at.getTime()).toBeGreaterThan(Date.now() + 500_000);
  });

  it("drops the shipped message of an order delivered or cancelled before it went", async () => {
    const admin = asViewer(await user(true));
    const { order } = await signedInOrder();
    await markShipped(order.id, { courier: "own-rider" }, admin);
    await cancelOrder(order.id, "refused", admin);
    await sendQueuedMail(`order-shipped:${order.id}:own-rider:`);
    const row = await prisma.mailOutbox.findUniqueOrThrow({ where: { key: `order-shipped:${order.id}:own-rider:` } });
    expect(row).toMatchObject({ status: "skipped", lastError: "Not sent: the order was cancelled before this went out" });
  });
});
