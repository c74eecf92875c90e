import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../support/fixtures";

import { mailedLinkToken } from "../support/mailed-link.fixtures";

import { adminPage, openMail } from "../support/admin-mail";
import { checkoutAsGuest } from "../support/checkout-steps";
import { createUser } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";

// The shop's e-mail as an admin reads it at /admin/mail (no SMTP_URL in the
// tests: the worker in the server captures every message), and a reset link
// taken from such a mail, with JavaScript on and off.

const rnd = () => Math.floor(Math.random() * 254) + 1;

test("forgot password → the mail in /admin/mail, link hidden → reset → signed in; the link works once", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.${rnd()}.${rnd()}.${rnd()}` });
  const user = await createUser({ name: `Shirin ${uniqueTag()}` });
  await page.goto("/forgot-password");
  await page.getByLabel("Email Address", { exact: true }).fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page).toHaveURL(/\/login$/);

  const admin = await adminPage(browser, baseURL!, javaScriptEnabled);
  await openMail(admin, user.email, /Reset your TanaBana password/);
  const mail = admin.frameLocator('iframe[title="The message as HTML"]');
  // An admin never sees the link (issue 27 item 1): only the recipient's copy has it.
  await expect(mail.getByText("link hidden")).toBeVisible();
  expect(await admin.content()).not.toContain("/reset-password/");
  await expect(admin.getByText(`Hello ${user.name},`)).toBeVisible(); // the text part
  await admin.context().close();

  const path = `/reset-password/${await mailedLinkToken(user.email, "password-reset")}`;
  await page.goto(path);
  await page.getByLabel("New password", { exact: true }).fill("fresh-pass-77");
  await page.getByLabel("Confirm new password", { exact: true }).fill("fresh-pass-77");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation", { name: "Account" }).locator("summary").filter({ hasText: user.name })).toBeVisible();

  await page.goto(path);
  await expect(page.getByRole("alert")).toContainText("invalid, used or expired");
});

test("after a guest's order the admin reads its e-mail: number, lines, total and the order's link", async ({ page, browser, baseURL, javaScriptEnabled }) => {
  test.setTimeout(90_000); // a whole guest checkout, then the back office with axe
  const product = await createTestProduct({ name: `Mail Fatua ${uniqueTag()}`, pricePaisa: 1450_00, sizes: [{ size: "L", quantity: 4 }] });
  const email = `guest-${uniqueTag()}@example.com`;
  await page.goto(`/product/${product.id}`);
  await page.getByText("L", { exact: true }).click();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const { orderId, number } = await checkoutAsGuest(page, { name: "Mail Guest", email });
  const orderUrl = `/order/${orderId}`;

  const admin = await adminPage(browser, baseURL!, javaScriptEnabled);
  await openMail(admin, email, new RegExp(`Order ${number} received`));
  const mail = admin.frameLocator('iframe[title="The message as HTML"]');
  await expect(mail.getByText(product.name)).toBeVisible();
  await expect(mail.getByText("Size L × 1")).toBeVisible();
  // A guest's order awaits its SMS code (decision 055): the e-mail's first step asks for it.
  await expect(mail.getByText("Confirm your order with the 6-digit code we sent by SMS to 01911223344.", { exact: false })).toBeVisible();
  expect(new URL((await mail.getByRole("link", { name: "View your order" }).getAttribute("href"))!).pathname).toBe(orderUrl);
  await expect(admin.locator("pre")).toContainText(`Your order number is ${number}.`);

  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scroll at ${width}`).toBe(true);
  }
  if (javaScriptEnabled) {
    // axe on the back office's own page: the list. The message view's sandboxed
    // frame runs no scripts, and axe, which injects itself into every frame,
    // waited on it for good under load.
    await admin.goto(`/admin/mail?keyword=${encodeURIComponent(email)}`);
    const { violations } = await new AxeBuilder({ page: admin }).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  }
  await admin.context().close();
});
