import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";
import { shopUrl } from "~/models/platform/index.server";

import { requestPasswordReset, resetPassword } from "~/models/accounts/index.server";
import { createFailureLimiter } from "~/models/accounts/index.server";
import { registerUser } from "~/models/accounts/index.server";
import { address, product, user } from "../../../tests/support/order.fixtures";
import { placeOrder } from "~/models/orders/index.server";
import { cancelOrder, markStep } from "~/models/orders/index.server";
import { startWorker, type JobWorker as MailWorker } from "../../../tests/support/jobs";

// The whole way out, against a real SMTP server started here (smtp-server),
// each message parsed as a mail client would (mailparser). The worker is the
// shop's own, running in this process against this file's database.

type Received = ParsedMail & { envelopeTo: string[] };
const received: Received[] = [];
/** How many deliveries the server should still refuse (a mail server that is briefly down). */
let refuseNext = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    if (refuseNext > 0) {
      refuseNext--;
      stream.resume();
      const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
      stream.on("end", () => callback(error));
      return;
    }
    simpleParser(stream)
      .then((mail) => {
        received.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }));
        callback();
      })
      .catch(callback);
  },
});

const workers: MailWorker[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_FROM = "TanaBana Test <orders@tanabana.test>";
  // Two workers on one queue, as two app instances would run them.
  workers.push(await startWorker(), await startWorker());
});

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  delete process.env.SMTP_URL;
});

async function mailTo(to: string, subject: RegExp, timeout = 15_000): Promise<Received> {
  let found: Received | undefined;
  await expect.poll(() => (found = received.find((m) => m.envelopeTo.includes(to) && subject.test(m.subject ?? ""))), { timeout, interval: 100 }).toBeTruthy();
  return found!;
}

/**
 * The outbox row once the worker has recorded the send: it does so just after
 * the mail server took the message, so a read at that moment may be early.
 */
async function sentRow(key: string) {
  await expect.poll(async () => (await prisma.mailOutbox.findUniqueOrThrow({ where: { key } })).status, { timeout: 10_000 }).toBe("sent");
  return prisma.mailOutbox.findUniqueOrThrow({ where: { key } });
}

let n = 0;
const email = () => `smtp-${Date.now().toString(36)}-${n++}@example.com`;

describe("e-mail over SMTP", () => {
  it("order placed: recipient, sender, subject, number, lines, totals, link, both parts, a stable Message-ID", async () => {
    const p = await product(1200, { M: 5 }, "নকশি কাঁথা পাঞ্জাবি");
    const to = email();
    const order = await placeOrder({ name: "সালমা আক্তার", email: to, lines: [{ productId: p.id, size: "M", qty: 2 }], shippingAddress: address });
    const mail = await mailTo(to, /received/);
    expect(mail.subject).toBe(`Order ${order.orderNumber} received — TanaBana`);
    expect(mail.from?.text).toBe('"TanaBana Test" <orders@tanabana.test>');
    expect(mail.messageId).toBe(`<order-placed:${order.id}@${new URL(shopUrl("/")).hostname}>`);
    expect(mail.headers.get("content-language")).toBe("en");
    expect(mail.html).toBeTruthy();
    expect(mail.text).toBeTruthy();
    for (const part of [mail.html as string, mail.text!]) {
      expect(part).toContain(order.orderNumber);
      expect(part).toContain("নকশি কাঁথা পাঞ্জাবি");
      expect(part).toContain("সালমা আক্তার");
      expect(part).toContain("৳2,400.00");
      expect(part).toContain(`৳${order.totalPrice.toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
      expect(part).toContain(`${shopUrl(`/order/${order.id}`)}`);
    }
    expect(await sentRow(`order-placed:${order.id}`)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("paid and delivered together reach the buyer as one receipt; cancelled with its reason in words", async () => {
    const buyer = await user();
    const admin = await user(true);
    const p = await product(700, { L: 5 });
    const kept = await placeOrder({ userId: buyer.id, lines: [{ productId: p.id, size: "L", qty: 1 }], shippingAddress: address });
    // Staff press Paid and Delivered a moment apart, inside the settle window (a few seconds here, 2 minutes in a shop).
    process.env.MAIL_SETTLE_SECONDS = "4";
    try {
      await markStep(kept.id, "paid", { id: admin.id, isAdmin: true });
      await markStep(kept.id, "delivered", { id: admin.id, isAdmin: true });
    } finally {
      process.env.MAIL_SETTLE_SECONDS = "1";
    }
    const delivered = await mailTo(buyer.email, /delivered/);
    expect(delivered.text).toContain(kept.orderNumber);
    expect(delivered.text).toContain(`${shopUrl(`/order/${kept.id}`)}`);
    expect(delivered.text).toContain("Keep this e-mail as your receipt");
    await expect
      .poll(async () => (await prisma.mailOutbox.findUnique({ where: { key: `order-paid:${kept.id}` } }))?.status, { timeout: 15_000 })
      .toBe("skipped");
    expect(received.filter((m) => m.envelopeTo.includes(buyer.email) && /Payment received/.test(m.subject ?? ""))).toEqual([]);

    const dropped = await placeOrder({ userId: buyer.id, lines: [{ productId: p.id, size: "L", qty: 1 }], shippingAddress: address });
    await cancelOrder(dropped.id, "refused", { id: admin.id, isAdmin: true });
    const cancelled = await mailTo(buyer.email, new RegExp(`${dropped.orderNumber} cancelled`));
    expect(cancelled.text).toContain("Reason: Refused at the door.");
    expect(cancelled.html).toContain("Reason: Refused at the door.");
  });

  it("a reset link taken from the real e-mail resets the password once", async () => {
    const account = await registerUser({ name: "Farzana", email: email(), password: "old-password-1" });
    const limiter = createFailureLimiter();
    await requestPasswordReset({ email: account.email, ip: `10.0.0.${n}` }, { limiter });
    const mail = await mailTo(account.email, /Reset your TanaBana password/);
    const link = new RegExp(`${shopUrl("/reset-password/")}([\\w-]+)`).exec(mail.text!);
    expect(link).not.toBeNull();
    expect(mail.html).toContain(link![0]);
    const token = link![1]!;
    // The shop's own copy (what /admin/mail shows) never had the link, in SMTP mode too.
    const sent = () => prisma.mailOutbox.findFirstOrThrow({ where: { to: account.email, template: "password-reset" } });
    await expect.poll(async () => (await sent()).status).toBe("sent");
    expect(JSON.stringify({ ...(await sent()), id: "" })).not.toContain(token);
    expect((await sent()).text).toContain("link hidden");
    await expect(resetPassword({ token, password: "new-password-2", ip: "10.0.1.1" }, { limiter })).resolves.toMatchObject({ id: account.id });
    await expect(resetPassword({ token, password: "new-password-3", ip: "10.0.1.1" }, { limiter })).rejects.toMatchObject({ status: 400 });
  });

  it("a Bangla order's e-mail says Content-Language: bn", async () => {
    const p = await product(500, { M: 5 });
    const to = email();
    await placeOrder({ name: "রাহেলা", email: to, lang: "bn", lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    const mail = await mailTo(to, /./);
    expect(mail.headers.get("content-language")).toBe("bn");
  });

  it("retries after the mail server refuses, and delivers once", { timeout: 30_000 }, async () => {
    const p = await product(300, { S: 5 });
    const to = email();
    refuseNext = 1;
    const order = await placeOrder({ name: "Retry Buyer", email: to, lines: [{ productId: p.id, size: "S", qty: 1 }], shippingAddress: address });
    await mailTo(to, /received/, 25_000);
    expect(await sentRow(`order-placed:${order.id}`)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(received.filter((m) => m.envelopeTo.includes(to))).toHaveLength(1);
  });

  it("a send that goes through wakes a message waiting out its retry delay", { timeout: 30_000 }, async () => {
    const p = await product(300, { S: 5 });
    const waiting = email();
    refuseNext = 1;
    const first = await placeOrder({ name: "Waiting Buyer", email: waiting, lines: [{ productId: p.id, size: "S", qty: 1 }], shippingAddress: address });
    const key = `order-placed:${first.id}`;
    await expect.poll(async () => (await prisma.mailOutbox.findUniqueOrThrow({ where: { key } })).status, { timeout: 10_000 }).toBe("retrying");
    // As after a long outage: its next attempt is 10 minutes away.
    await prisma.$executeRaw`SELECT graphile_worker.reschedule_jobs(ARRAY(SELECT id FROM graphile_worker.jobs WHERE key = ${key}), run_at => now() + interval '10 minutes')`;
    const next = email();
    await placeOrder({ name: "Next Buyer", email: next, lines: [{ productId: p.id, size: "S", qty: 1 }], shippingAddress: address });
    await mailTo(next, /received/);
    await mailTo(waiting, /received/, 10_000);
    expect(await sentRow(key)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("two workers on one queue send each of 20 orders' e-mails exactly once", { timeout: 30_000 }, async () => {
    const p = await product(250, { M: 50 });
    const emails = Array.from({ length: 20 }, email);
    await Promise.all(
      emails.map((to, i) => placeOrder({ name: `Buyer ${i}`, email: to, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address })),
    );
    await expect.poll(() => emails.every((to) => received.some((m) => m.envelopeTo.includes(to))), { timeout: 25_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a second copy, if any, would be on its way
    for (const to of emails)
      expect(
        received.filter((m) => m.envelopeTo.includes(to)),
        to,
      ).toHaveLength(1);
  });
});
