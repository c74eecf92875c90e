import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { getMail, listMail } from "~/models/mail/index.server";
import { sendQueuedMail } from "~/models/mail/index.server";
import { address, guest, product } from "../../../tests/support/order.fixtures";
import { linkDomains } from "~/domain-links.server";
import { confirmByCode } from "~/models/orders/index.server";
import { expireHold } from "~/models/orders/index.server";
import { placeOrder } from "~/models/orders/index.server";
import { CODE_HIDDEN } from "~/models/mail/index.server";
import { testAdmin } from "../../../tests/support/actors";

// The HTTP SMS transport against a real HTTP server this test starts (issue 26):
// the shop POSTs {"to", "text"} as JSON with the bearer token, marks the
// message sent on a 2xx and keeps it for a retry on anything else.

type Received = { method: string; auth: string | undefined; type: string | undefined; body: { to: string; text: string } };
const received: Received[] = [];
let answer = 200;
const gateway = http.createServer((req, res) => {
  let raw = "";
  req.on("data", (chunk) => (raw += chunk));
  req.on("end", () => {
    received.push({ method: req.method!, auth: req.headers.authorization, type: req.headers["content-type"], body: JSON.parse(raw) });
    res.writeHead(answer, { "Content-Type": "application/json" }).end(answer < 300 ? '{"status":"queued"}' : '{"error":"balance too low"}');
  });
});

beforeAll(async () => {
  // Orders lend the send step what an order's text says (app/domain-links.server.ts), as every server does.
  linkDomains();
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  process.env.SMS_URL = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  process.env.SMS_TOKEN = "gateway-token";
});
afterEach(() => {
  received.length = 0;
  answer = 200;
});
afterAll(async () => {
  delete process.env.SMS_URL;
  delete process.env.SMS_TOKEN;
  await new Promise((resolve) => gateway.close(resolve));
});

async function codeMessage() {
  const p = await product(100, { M: 5 });
  const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
  return { order, key: `order-code:${order.id}:1` };
}

describe("SMS through an HTTP gateway", () => {
  it("posts the code to the order's phone with the bearer token and marks it sent, once", async () => {
    const { order, key } = await codeMessage();
    await sendQueuedMail(key);
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call).toMatchObject({ method: "POST", auth: "Bearer gateway-token", type: "application/json", body: { to: "01711000000" } });
    expect(call!.body.text).toMatch(new RegExp(`^TanaBana: \\d{6} is the code for order ${order.orderNumber}\\.`));
    const row = await prisma.mailOutbox.findUniqueOrThrow({ where: { key } });
    expect(row).toMatchObject({ channel: "sms", status: "sent", attempts: 1 });
    // The row keeps the text without its code (issue 40), so /admin/mail cannot show it.
    const code = /\d{6}/.exec(call!.body.text)![0];
    expect(row.text).toBe(call!.body.text.replace(code, CODE_HIDDEN));
    // The job running again (a retry after a crash) sends nothing more.
    await sendQueuedMail(key);
    expect(received).toHaveLength(1);
  });

  it("keeps a refused message for the queue's next attempt, with the gateway's reason", async () => {
    const { key } = await codeMessage();
    answer = 503;
    await sendQueuedMail(key);
    expect(await prisma.mailOutbox.findUniqueOrThrow({ where: { key } })).toMatchObject({
      status: "retrying",
      lastError: expect.stringMatching(/SMS gateway answered 503.*balance too low/),
    });
    // The next attempt is on the queue, a few seconds out (the mail's retry schedule).
    const [job] = await prisma.$queryRaw<{ run_at: Date }[]>`SELECT run_at FROM graphile_worker.jobs WHERE key = ${key}`;
    expect(job!.run_at.getTime()).toBeGreaterThan(Date.now());
    answer = 200;
    await sendQueuedMail(key);
    expect(received).toHaveLength(2);
    expect((await prisma.mailOutbox.findUniqueOrThrow({ where: { key } })).status).toBe("sent");
  });

  it("/admin/mail never shows the code of a text sent through the gateway, even one kept before issue 40", async () => {
    const { key } = await codeMessage();
    await sendQueuedMail(key);
    const sent = received[0]!.body.text;
    const code = /\d{6}/.exec(sent)![0];
    const row = await prisma.mailOutbox.findUniqueOrThrow({ where: { key } });
    const shown = async () => {
      const one = await getMail(testAdmin, row.id);
      const listed = (await listMail(testAdmin, { to: row.to })).messages.find((m) => m.id === String(row.id));
      return JSON.stringify([one, listed]);
    };
    expect(await shown()).toContain(CODE_HIDDEN);
    expect(await shown()).not.toContain(code);
    // A text sent before the worker hid codes kept the code in its copy: the back office hides it all the same.
    await prisma.mailOutbox.update({ where: { key }, data: { subject: `SMS: ${sent}`, text: sent } });
    expect(await shown()).toContain(CODE_HIDDEN);
    expect(await shown()).not.toContain(code);
  });

  it("captures instead of sending when SMS_URL is unset: readable by admins, nothing posted", async () => {
    const { key } = await codeMessage();
    const url = process.env.SMS_URL;
    delete process.env.SMS_URL;
    try {
      await sendQueuedMail(key);
    } finally {
      process.env.SMS_URL = url;
    }
    expect(received).toHaveLength(0);
    const row = await prisma.mailOutbox.findUniqueOrThrow({ where: { key } });
    expect(row.status).toBe("captured");
    expect(row.subject).toMatch(/^SMS: TanaBana: \d{6} is the code/);
    // A captured text reached no phone: /admin/mail is where its code is read (the demo, a shop without a gateway).
    const code = (row.data as { code: string }).code;
    expect((await getMail(testAdmin, row.id))!.text).toContain(code);
    expect((await listMail(testAdmin, { to: row.to })).messages.find((m) => m.id === String(row.id))!.subject).toContain(code);
  });
});

/** When the message's next attempt is due (its job's run_at), in ms from now. */
async function dueIn(key: string) {
  const [job] = await prisma.$queryRaw<{ run_at: Date }[]>`SELECT run_at FROM graphile_worker.jobs WHERE key = ${key}`;
  return job!.run_at.getTime() - Date.now();
}

describe("a code held up by the gateway (issue 40 #8)", () => {
  it("is dropped, not sent, once its order no longer waits: cancelled, confirmed, or its hold over", async () => {
    const cancelled = await codeMessage();
    await expireHold(cancelled.order.id);
    const confirmed = await codeMessage();
    const { code } = (await prisma.mailOutbox.findUniqueOrThrow({ where: { key: confirmed.key } })).data as { code: string };
    await confirmByCode(confirmed.order.id, code, null);
    const lapsed = await codeMessage();
    await prisma.orderConfirmCode.update({ where: { orderId: lapsed.order.id }, data: { holdUntil: new Date(Date.now() - 1_000) } });
    for (const { key } of [cancelled, confirmed, lapsed]) await sendQueuedMail(key);
    expect(received).toHaveLength(0);
    const rows = await prisma.mailOutbox.findMany({ where: { key: { in: [cancelled.key, confirmed.key, lapsed.key] } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.status, r.lastError])).toEqual([
      ["skipped", "Not sent: the order was cancelled before its code went out"],
      ["skipped", "Not sent: the order was confirmed before its code went out"],
      ["skipped", "Not sent: the time to confirm the order ended before its code went out"],
    ]);
  });

  it("goes at once when another text gets through, and an e-mail waiting for the mail server keeps waiting", async () => {
    const waiting = await codeMessage();
    answer = 503;
    await sendQueuedMail(waiting.key);
    expect(await dueIn(waiting.key)).toBeGreaterThan(2_000);
    // An e-mail of the same order waiting out its own retry: the SMS gateway being back says nothing of the mail server.
    const mail = `order-placed:${waiting.order.id}`;
    await prisma.mailOutbox.update({ where: { key: mail }, data: { status: "retrying" } });
    await prisma.$executeRaw`SELECT graphile_worker.add_job('send-mail', json_build_object('key', ${mail}::text),
      run_at => now() + interval '10 minutes', job_key => ${mail}::text, job_key_mode => 'replace')`;
    answer = 200;
    const next = await codeMessage();
    await sendQueuedMail(next.key);
    expect(received.filter((r) => r.body.text.includes(next.order.orderNumber))).toHaveLength(1);
    expect(await dueIn(waiting.key)).toBeLessThanOrEqual(1_000);
    expect(await dueIn(mail)).toBeGreaterThan(500_000);
  });
});
