import { expect, test } from "../support/fixtures";

import { adminPage } from "../support/admin-mail";
import { uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// Issue 31 #5: after a long mail outage an admin queues every failed message
// again with one button on /admin/mail, with JavaScript on and off. (No
// SMTP_URL in the tests: the worker captures what it sends.)

test("'Retry all failed' on /admin/mail queues every failed message again, and the worker sends them", async ({ browser, baseURL, javaScriptEnabled }) => {
  test.setTimeout(60_000);
  const tag = uniqueTag();
  const recipients = [`retry-a-${tag}@example.com`, `retry-b-${tag}@example.com`];
  for (const [i, to] of recipients.entries()) {
    await prisma.mailOutbox.create({
      data: {
        key: `password-reset:retry-all-${tag}-${i}`,
        to,
        template: "password-reset",
        data: { name: "Retry", url: "http://localhost:3000/reset-password/x" },
        status: "failed",
        attempts: 150,
        lastError: "451 Mailbox busy, try again later",
      },
    });
  }
  const admin = await adminPage(browser, baseURL!, javaScriptEnabled);
  await admin.goto(`/admin/mail?keyword=${encodeURIComponent(tag)}`);
  await expect(admin.getByRole("row").filter({ hasText: recipients[0]! }).getByText("Failed")).toBeVisible();
  await admin.getByRole("button", { name: /Retry all failed \(\d+\)/ }).click();
  // Another project may have queued these a moment earlier: either way they go again.
  await expect(admin.getByText(/failed messages? queued again|No failed messages to retry/)).toBeVisible();
  await expect
    .poll(
      async () => {
        await admin.goto(`/admin/mail?keyword=${encodeURIComponent(tag)}`);
        return admin.getByText("Captured (not sent)").count();
      },
      { timeout: 20_000 },
    )
    .toBe(2);
  const rows = await prisma.mailOutbox.findMany({ where: { to: { in: recipients } } });
  expect(rows.map((r) => r.status)).toEqual(["captured", "captured"]);
  await admin.context().close();
});
