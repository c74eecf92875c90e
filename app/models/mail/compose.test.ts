import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { enqueueMail, enqueueSms } from "./outbox.server";
import { sendQueuedMail } from "./send.server";

// Issue 39: orders and accounts lend mail's send job the step that says what their messages say
// (compose.server.ts). A process that sends without it (one that never ran linkDomains,
// app/domain-links.server.ts) must fail loudly and keep the message for a retry, never send it
// empty. This file registers nothing, on purpose.

const row = (key: string) => prisma.mailOutbox.findUniqueOrThrow({ where: { key } });

describe("a message whose compose step nobody registered", () => {
  it("an order e-mail or text: the send throws, so the job retries, and the message waits unsent", async () => {
    const orderId = "00000000-0000-4000-8000-000000000001";
    await prisma.$transaction(async (tx) => {
      await enqueueMail(tx, { key: "no-step:mail", to: "buyer@example.com", template: "order-placed", data: { orderId } });
      await enqueueSms(tx, { key: "no-step:sms", to: "01712345678", template: "order-code", data: { orderId, code: "123456" } });
    });
    for (const key of ["no-step:mail", "no-step:sms"]) {
      await expect(sendQueuedMail(key)).rejects.toThrow(/needs orders' compose step, and none is registered/);
      expect(await row(key)).toMatchObject({ status: "queued", attempts: 0, sentAt: null, subject: null, html: null });
    }
  });

  it("an account e-mail with a link: it is retried, and nothing is sent or kept without its link", async () => {
    delete process.env.SMTP_URL;
    await prisma.$transaction((tx) =>
      enqueueMail(tx, { key: "no-step:reset", to: "member@example.com", template: "password-reset", data: { name: "Rina", nonce: "abc" } }),
    );
    await sendQueuedMail("no-step:reset");
    const kept = await row("no-step:reset");
    expect(kept).toMatchObject({ status: "retrying", attempts: 1, sentAt: null, subject: null, html: null });
    expect(kept.lastError).toMatch(/needs accounts' compose step, and none is registered/);
  });
});
