import { expect, type Browser, type Page } from "@playwright/test";

import { createUser, sessionCookieFor } from "./auth";
import { setCookie } from "./shop";

// The shop's e-mail as an admin reads it at /admin/mail (no SMTP_URL in the
// tests: the worker in the server captures every message).

/** A page signed in as a new admin, in its own context (close it when done). */
export async function adminPage(browser: Browser, baseURL: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL });
  await setCookie(context, baseURL, await sessionCookieFor(await createUser({ isAdmin: true })));
  return context.newPage();
}

/** Opens the newest mail to `to` with `subject`, once the worker has captured it. */
export async function openMail(admin: Page, to: string, subject: RegExp) {
  const link = admin.getByRole("link", { name: subject });
  await expect
    .poll(
      async () => {
        await admin.goto(`/admin/mail?keyword=${encodeURIComponent(to)}`);
        return link.count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await expect(admin.getByRole("row").filter({ has: link }).getByText("Captured (not sent)")).toBeVisible();
  await link.first().click();
  await expect(admin).toHaveURL(/\/admin\/mail\/\d+$/);
}
