import { beforeAll, describe, expect, it } from "vitest";

import { formattersFor } from "~/i18n/format";
import type { Lang } from "~/i18n/languages";
import { prisma } from "~/models/platform/index.server";

import { shopUrl } from "~/models/platform/index.server";

import { requestPasswordReset } from "~/models/accounts/index.server";
import { createFailureLimiter } from "~/models/accounts/index.server";
import { placeOrder } from "~/models/orders/index.server";
import { address, product, returningBuyer, user } from "../../../tests/support/order.fixtures";
import { cancelOrder, markStep } from "~/models/orders/index.server";
import { getMail, listMail, retryMail } from "./admin-mail.server";
import { mailedLinkToken } from "../../../tests/support/mailed-link.fixtures";
import { enqueueMail, mailRetriesExhausted, mailRetryDelaySeconds } from "./outbox.server";
import { sendQueuedMail } from "./send.server";
import { renderMail } from "./templates.server";
import { testAdmin } from "../../../tests/support/actors";
import { linkDomains } from "~/domain-links.server";

// The outbox, the templates and the send step against the real database, no
// mail server: SMTP_URL is unset here, so a sent message is captured (the
// SMTP suite in tests/mail sends through a real one).

// Orders and accounts lend the send step what their messages say (app/domain-links.server.ts), as every server does.
beforeAll(() => linkDomains());

let n = 0;
const email = () => `mail-${Date.now().toString(36)}-${n++}@example.com`;
const jobsFor = (key: string) =>
  prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM graphile_worker.jobs WHERE key = ${key}`.then((r) => Number(r[0]!.n));

async function bengaliOrder(lang?: Lang) {
  const p = await product(1250, { M: 3, L: 2 }, "জামদানি শাড়ি");
  const to = email();
  const order = await placeOrder({
    name: "রহিমা খাতুন",
    email: to,
    lines: [{ productId: p.id, size: "M", qty: 2 }],
    shippingAddress: { ...address, address: "বাড়ি ১২, রোড ৫, ধানমন্ডি" },
    lang,
  });
  return { order, to, p };
}

describe("mail outbox", () => {
  it("queues the order e-mail and its job in the order's transaction", async () => {
    const { order, to } = await bengaliOrder();
    const row = await prisma.mailOutbox.findUniqueOrThrow({ where: { key: `order-placed:${order.id}` } });
    expect(row).toMatchObject({ to, template: "order-placed", status: "queued", data: { orderId: order.id } });
    expect(await jobsFor(row.key)).toBe(1);
  });

  it("queues nothing for an order that rolls back (a size sold out)", async () => {
    const p = await product(500, { M: 1 });
    const to = email();
    await expect(
      placeOrder({ name: "Late Buyer", email: to, lines: [{ productId: p.id, size: "M", qty: 2 }], shippingAddress: address }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await prisma.mailOutbox.count({ where: { to } })).toBe(0);
  });

  it("keeps one row and one job for a key queued twice", async () => {
    const to = email();
    const key = `password-reset:test-${n++}`;
    const message = { key, to, template: "password-reset" as const, data: { name: "Nadia", url: "http://localhost/reset-password/x" } };
    await prisma.$transaction((tx) => enqueueMail(tx, message));
    await prisma.$transaction((tx) => enqueueMail(tx, message));
    expect(await prisma.mailOutbox.count({ where: { key } })).toBe(1);
    expect(await jobsFor(key)).toBe(1);
  });

  it("queues paid, delivered and cancelled once each, with the cancel reason", async () => {
    const buyer = await returningBuyer();
    const staff = await user(true);
    const p = await product(800, { M: 5 });
    const paid = await placeOrder({ userId: buyer.id, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    await markStep(paid.id, "paid", staff);
    await markStep(paid.id, "paid", staff);
    await markStep(paid.id, "delivered", staff);
    const templates = (await prisma.mailOutbox.findMany({ where: { data: { path: ["orderId"], equals: paid.id } }, orderBy: { id: "asc" } })).map(
      (m) => m.template,
    );
    expect(templates).toEqual(["order-placed", "order-paid", "order-delivered"]);

    const admin = await user(true);
    const cancelled = await placeOrder({ userId: buyer.id, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    await cancelOrder(cancelled.id, "out-of-stock", { id: admin.id, isAdmin: true });
    const mail = await prisma.mailOutbox.findUniqueOrThrow({ where: { key: `order-cancelled:${cancelled.id}` } });
    expect(mail).toMatchObject({ to: buyer.email, data: { orderId: cancelled.id, reason: "out-of-stock" } });
  });
});

describe("mail templates", () => {
  it("order placed: number, items with size and quantity, totals in taka, address, next steps and links, in HTML and text", async () => {
    const { order } = await bengaliOrder();
    const mail = await renderMail({ template: "order-placed", data: { orderId: order.id } });
    expect(mail.subject).toBe(`Order ${order.orderNumber} received — TanaBana`);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(order.orderNumber);
      expect(part).toContain("জামদানি শাড়ি");
      expect(part).toContain("রহিমা খাতুন");
      expect(part).toContain("বাড়ি ১২, রোড ৫, ধানমন্ডি");
      expect(part).toContain("৳2,500.00"); // the line: 2 × ৳1,250
      expect(part).toContain(`৳${order.totalPrice.toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
      // A guest's cash-on-delivery order awaits its SMS code (decision 055): the first step asks for it.
      expect(part).toContain("Confirm your order with the 6-digit code we sent by SMS to 01711000000.");
      expect(part).toContain(`/order/${order.id}`);
      expect(part).toContain("/orders/find");
    }
    expect(mail.text).toContain("size M × 2");
    expect(mail.html).toMatch(/<a href="http[^"]+\/order\/[0-9a-f-]{36}"/);
    // Nothing fetched from elsewhere when the mail is opened.
    expect(mail.html).not.toMatch(/<img|<link|@import|url\(/);
  });

  it("order cancelled says why in words", async () => {
    const { order } = await bengaliOrder();
    const mail = await renderMail({ template: "order-cancelled", data: { orderId: order.id, reason: "refused" } });
    expect(mail.subject).toBe(`Order ${order.orderNumber} cancelled — TanaBana`);
    expect(mail.text).toContain("Reason: Refused at the door.");
    expect(mail.html).toContain("Reason: Refused at the door.");
  });

  it("password reset: the link, its hour and what to do if it was not you", async () => {
    const url = "http://localhost:3000/reset-password/abc_DEF-123";
    const mail = await renderMail({ template: "password-reset", data: { name: "নাদিয়া", url } });
    expect(mail.subject).toBe("Reset your TanaBana password");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(url);
      expect(part).toContain("নাদিয়া");
      expect(part).toContain("1 hour");
      expect(part).toContain("If you did not ask, ignore this e-mail");
    }
    expect(mail.html).toContain(`<a href="${url}"`);
  });
});

describe("mail in the order's language", () => {
  it("an order remembers its language; orders that give none (the API) are English", async () => {
    const [bn, en] = [await bengaliOrder("bn"), await bengaliOrder()];
    const langs = await prisma.order.findMany({ where: { id: { in: [bn.order.id, en.order.id] } }, select: { id: true, lang: true } });
    expect(Object.fromEntries(langs.map((o) => [o.id, o.lang]))).toEqual({ [bn.order.id]: "bn", [en.order.id]: "en" });
  });

  it("order placed in Bangla: Bangla words and digits, the order number and phone in Latin digits, /bn links", async () => {
    const { order } = await bengaliOrder("bn");
    expect(order.orderNumber).toMatch(/^TB-[0-9]+$/);
    const mail = await renderMail({ template: "order-placed", data: { orderId: order.id } });
    expect(mail.subject).toBe(`আপনার অর্ডার ${order.orderNumber} আমরা পেয়েছি — তানাবানা`);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(order.orderNumber);
      expect(part).toContain("01711000000");
      expect(part).toContain("জামদানি শাড়ি");
      expect(part).toContain("৳২,৫০০.০০"); // the line: 2 × ৳1,250
      expect(part).toMatch(/সর্বমোট[^৳]*৳[০-৯]/);
      expect(part).toContain(formattersFor("bn").money(order.totalPrice));
      expect(part).toContain(`/bn/order/${order.id}`);
      expect(part).toContain("/bn/orders/find");
      expect(part).not.toMatch(/Thank you|Total|View your order/);
    }
    expect(mail.html).toContain('<html lang="bn">');
    expect(mail.html).toMatch(/<a href="http[^"]+\/bn\/order\/[0-9a-f-]{36}"/);
    // The next steps are numbered in Bangla digits in both parts, never by the list's Latin markers (issue 28 item 17).
    expect(mail.html).toMatch(/<li[^>]*>১\. /);
    expect(mail.html).toMatch(/<li[^>]*>২\. /);
    expect(mail.html).toContain("list-style:none");
    expect(mail.text).toMatch(/^১\. /m);
  });

  it("cancelled, delivered and paid in Bangla, with the reason in words", async () => {
    const { order } = await bengaliOrder("bn");
    const cancelled = await renderMail({ template: "order-cancelled", data: { orderId: order.id, reason: "out-of-stock" } });
    expect(cancelled.subject).toBe(`অর্ডার ${order.orderNumber} বাতিল করা হয়েছে — তানাবানা`);
    expect(cancelled.text).toContain("কারণ: স্টক শেষ।");
    const paid = await renderMail({ template: "order-paid", data: { orderId: order.id } });
    expect(paid.subject).toBe(`অর্ডার ${order.orderNumber}-এর পেমেন্ট বুঝে পেয়েছি — তানাবানা`);
    expect(paid.text).toContain(`আমরা ${formattersFor("bn").money(order.totalPrice)} বুঝে পেয়েছি`);
    const delivered = await renderMail({ template: "order-delivered", data: { orderId: order.id } });
    for (const mail of [cancelled, paid, delivered]) {
      expect(mail.subject).toContain(order.orderNumber);
      expect(mail.html).toContain(`/bn/order/${order.id}`);
      expect(mail.html).toContain('<html lang="bn">');
    }
  });

  it("password reset asked from a Bangla page: Bangla e-mail linking to the Bangla reset page; without a language, English", async () => {
    const buyer = await user();
    await requestPasswordReset({ email: buyer.email, ip: `bn-${n++}`, lang: "bn" }, { limiter: createFailureLimiter() });
    const row = await prisma.mailOutbox.findFirstOrThrow({ where: { to: buyer.email, template: "password-reset" } });
    const data = row.data as { name: string; nonce: string; lang: Lang };
    expect(data.lang).toBe("bn");
    const url = shopUrl(`/bn/reset-password/${await mailedLinkToken(buyer.email, "password-reset")}`);
    const mail = await renderMail({ template: "password-reset", data });
    expect(mail.subject).toBe("আপনার তানাবানা পাসওয়ার্ড রিসেট করুন");
    expect(mail.html).toContain(`<a href="${url}"`);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain("এক ঘণ্টা");

    const english = await renderMail({ template: "password-reset", data: { name: data.name, nonce: data.nonce } });
    expect(english.subject).toBe("Reset your TanaBana password");
  });

  it("a reset link is never stored: the queued row holds no link, and the sent row says 'link hidden'", async () => {
    delete process.env.SMTP_URL;
    const buyer = await user();
    await requestPasswordReset({ email: buyer.email, ip: `hide-${n++}` }, { limiter: createFailureLimiter() });
    const token = await mailedLinkToken(buyer.email, "password-reset");
    const queued = await prisma.mailOutbox.findFirstOrThrow({ where: { to: buyer.email, template: "password-reset" } });
    expect(JSON.stringify({ ...queued, id: String(queued.id) })).not.toContain(token);
    await sendQueuedMail(queued.key, { attempt: 1, maxAttempts: 8 });
    const kept = await prisma.mailOutbox.findUniqueOrThrow({ where: { key: queued.key } });
    expect(kept.status).toBe("captured");
    expect(JSON.stringify({ ...kept, id: String(kept.id) })).not.toContain(token);
    expect(kept.html).not.toContain("/reset-password/");
    expect(kept.text).toContain("link hidden");
    const shown = await getMail(testAdmin, kept.id);
    expect(JSON.stringify(shown)).not.toContain(token);
    expect(shown!.html).toContain("link hidden");
  });
});

describe("sending without SMTP_URL", () => {
  it("captures the rendered message for /admin/mail, once, however often the job runs", async () => {
    delete process.env.SMTP_URL;
    const { order, to } = await bengaliOrder();
    const key = `order-placed:${order.id}`;
    await sendQueuedMail(key, { attempt: 1, maxAttempts: 8 });
    const row = await prisma.mailOutbox.findUniqueOrThrow({ where: { key } });
    expect(row).toMatchObject({ status: "captured", attempts: 1, subject: `Order ${order.orderNumber} received — TanaBana` });
    expect(row.html).toContain(order.orderNumber);
    const firstSentAt = row.sentAt;
    await sendQueuedMail(key, { attempt: 2, maxAttempts: 8 });
    expect((await prisma.mailOutbox.findUniqueOrThrow({ where: { key } })).sentAt).toEqual(firstSentAt);

    const { messages } = await listMail(testAdmin, { to });
    expect(messages).toHaveLength(1);
    const full = await getMail(testAdmin, BigInt(messages[0]!.id));
    expect(full?.text).toContain(order.orderNumber);
  });

  it("retries a refused message later, up to 10 minutes apart, gives up after a day, and an admin's retry queues it afresh", async () => {
    const to = email();
    const key = `order-placed:missing-${n++}`;
    // An order that no longer exists cannot be rendered: every attempt fails.
    await prisma.$transaction((tx) => enqueueMail(tx, { key, to, template: "order-placed", data: { orderId: "00000000-0000-4000-8000-000000000000" } }));
    await sendQueuedMail(key);
    expect(await prisma.mailOutbox.findUniqueOrThrow({ where: { key } })).toMatchObject({ status: "retrying", attempts: 1 });
    const due = () =>
      prisma.$queryRaw<{ s: number }[]>`SELECT extract(epoch FROM run_at - now())::float AS s FROM graphile_worker.jobs WHERE key = ${key}`.then(
        (r) => r[0]!.s,
      );
    expect(await due()).toBeGreaterThan(3); // the next attempt in 5 s, not at once
    expect(await jobsFor(key)).toBe(1);
    expect([1, 2, 3, 8, 9, 50].map(mailRetryDelaySeconds)).toEqual([5, 10, 20, 600, 600, 600]);

    // The attempt that ends a day of them.
    let last = 1;
    while (!mailRetriesExhausted(last)) last += 1;
    expect(last).toBeGreaterThan(140);
    expect(last).toBeLessThan(160);
    await prisma.mailOutbox.update({ where: { key }, data: { attempts: last - 1 } });
    await sendQueuedMail(key);
    const failed = await prisma.mailOutbox.findUniqueOrThrow({ where: { key } });
    expect(failed).toMatchObject({ status: "failed", attempts: last });
    expect(failed.lastError).toMatch(/not found/);

    expect(await retryMail(testAdmin, failed.id)).toBe(true);
    expect(await prisma.mailOutbox.findUniqueOrThrow({ where: { key } })).toMatchObject({ status: "queued", lastError: null });
    expect(await jobsFor(key)).toBe(1);
    expect(await retryMail(testAdmin, failed.id)).toBe(false); // only failed messages are retried
  });
});
