import crypto from "node:crypto";

import { expect, test, type Page } from "../support/fixtures";

import { createUser } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// A guest's way back to an order, and a reset link used in the browser, with
// JavaScript on and off (projects js-on / js-off). The reset e-mail itself is
// read from /admin/mail in the mail tests; here the link is minted the way the
// service does it, so the page is tested on its own.

const rnd = () => Math.floor(Math.random() * 254) + 1;

/** Own client IP, so the lookup and sign-in limits here never block another test. */
async function ownIp(page: Page) {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.${rnd()}.${rnd()}.${rnd()}` });
}

async function guestOrder() {
  const product = await createTestProduct({ name: `Lookup Lungi ${uniqueTag()}`, sizes: [{ size: "M", quantity: 5 }] });
  const order = await createTestOrder({ lines: [{ product, size: "M", qty: 1 }], phone: "01812345678" });
  return { order, product };
}

test("a guest finds an order by its number and the checkout e-mail, and a wrong pair says nothing about which half", async ({ page }) => {
  await ownIp(page);
  const { order, product } = await guestOrder();

  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Find your order" }).click();
  await expect(page).toHaveURL(/\/orders\/find$/);
  await expect(page.getByRole("heading", { level: 1, name: "Find your order" })).toBeVisible();

  // A right number with a wrong e-mail: one message, the typed number kept.
  await page.getByLabel("Order number").fill(`TB-${order.number}`);
  await page.getByLabel("Email or phone").fill("someone-else@example.com");
  await page.getByRole("button", { name: "Find order" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toBeVisible();
  const wrongEmailText = await alert.innerText();
  await expect(page.getByLabel("Order number")).toHaveValue(`TB-${order.number}`);

  // A number nobody has, with the right e-mail: the very same words.
  await page.getByLabel("Order number").fill("TB-99999999");
  await page.getByLabel("Email or phone").fill(order.shippingEmail);
  await page.getByRole("button", { name: "Find order" }).click();
  await expect(page.getByRole("alert")).toHaveText(wrongEmailText);

  // The right pair, the number typed the lazy way and the e-mail in capitals.
  await page.getByLabel("Order number").fill(`tb${order.number}`);
  await page.getByLabel("Email or phone").fill(order.shippingEmail.toUpperCase());
  await page.getByRole("button", { name: "Find order" }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order TB-${order.number}`);
  await expect(page.getByText(product.name)).toBeVisible();
});

test("a guest finds an order by the checkout phone written with +880 and dashes", async ({ page }) => {
  await ownIp(page);
  const { order } = await guestOrder();
  await page.goto("/orders/find");
  await page.getByLabel("Order number").fill(String(order.number));
  await page.getByLabel("Email or phone").fill("+880 1812-345678");
  await page.getByRole("button", { name: "Find order" }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}$`));
});

test("a reset link sets a new password once: mismatch refused, then signed in, then the link is dead", async ({ page }) => {
  await ownIp(page);
  const user = await createUser();
  const token = crypto.randomBytes(32).toString("base64url");
  await prisma.passwordResetToken.create({
    data: {
      userId: user.id,
      tokenHash: crypto.createHash("sha256").update(token, "utf8").digest("hex"),
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    },
  });

  await page.goto(`/reset-password/${token}`);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("new-secret-42");
  await page.getByLabel("Confirm new password", { exact: true }).fill("new-secret-43");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  await page.getByLabel("New password", { exact: true }).fill("new-secret-42");
  await page.getByLabel("Confirm new password", { exact: true }).fill("new-secret-42");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation", { name: "Account" }).locator("summary").filter({ hasText: user.name })).toBeVisible();

  // The same link again: refused, with a way to ask for a new one.
  await page.goto(`/reset-password/${token}`);
  await expect(page.getByRole("alert")).toContainText("invalid, used or expired");
  await page.getByRole("link", { name: "Ask for a new reset link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // And the new password is the one that signs in.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email Address", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill("new-secret-42");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("navigation", { name: "Account" }).locator("summary").filter({ hasText: user.name })).toBeVisible();
});

test("forgot password answers the same for an unknown address as for a real one", async ({ page }) => {
  await ownIp(page);
  const user = await createUser();
  const answers: string[] = [];
  for (const email of [user.email, `nobody-${uniqueTag()}@example.com`]) {
    await page.goto("/login");
    await page.getByRole("link", { name: /forgot/i }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email Address", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL(/\/login$/);
    const status = page.getByRole("status").filter({ hasText: "reset" });
    await expect(status).toBeVisible();
    answers.push(await status.innerText());
  }
  expect(answers[1]).toBe(answers[0]);
});
