import { expect, test, type Page } from "../support/fixtures";

import { sessionStorage } from "~/models/accounts/session.server";
import { mailedLinkToken } from "../support/mailed-link.fixtures";

import { createUser, signIn } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { setCookie, testShipping } from "../support/shop";

// Issue 27 items 2 and 8, and issue 26's account limits, in the browser with
// JavaScript on and off (docs/security.md names each test).

const rnd = () => Math.floor(Math.random() * 250) + 1;
const PASSWORD = "cotton-kurta-77";

async function ownIp(page: Page) {
  const ip = `10.${rnd()}.${rnd()}.${rnd()}`;
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": ip });
  return ip;
}

async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
}

test("profile: a new password needs the current one; a new e-mail waits for its mailed link", async ({ page, context, baseURL }) => {
  test.setTimeout(60_000);
  await ownIp(page);
  const user = await createUser({ password: PASSWORD });
  await signIn(context, baseURL!, user);
  await page.goto("/profile");
  await settled(page);

  // The cookie alone: refused, next to the field that is missing.
  await page.getByLabel("Password", { exact: true }).fill("brand-new-pass-1");
  await page.getByLabel("Confirm Password", { exact: true }).fill("brand-new-pass-1");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Enter your current password to change your password or email")).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(user.passwordHash);
  // The refusal's render has settled (the form is mounted afresh per location) before typing again.
  await settled(page);

  // With it, a new e-mail: the account keeps the old one until the link is opened.
  const fresh = `moved-${uniqueTag()}@example.com`;
  await page.getByLabel("Email Address", { exact: true }).fill(fresh);
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("Password", { exact: true }).fill("");
  await page.getByLabel("Confirm Password", { exact: true }).fill("");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status").filter({ hasText: "We have sent a link to your new email address" })).toBeVisible();
  await expect(page.getByLabel("Email Address", { exact: true })).toHaveValue(user.email);

  await page.goto(`/confirm-email/${await mailedLinkToken(fresh, "email-change")}`);
  await expect(page.getByText(`Use ${fresh} for your TanaBana account from now on?`)).toBeVisible();
  await settled(page);
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("status").filter({ hasText: "Your email address has been changed" })).toBeVisible();
  await expect(page.getByLabel("Email Address", { exact: true })).toHaveValue(fresh);
});

test("after a guest's order the next person on the browser finds an empty shipping form", async ({ page, context, baseURL }) => {
  await ownIp(page);
  const product = await createTestProduct({ sizes: [{ size: "M", quantity: 5 }] });
  const session = await sessionStorage.getSession();
  session.set("cart", [{ productId: product.id, size: "M", qty: 1 }]);
  session.set("shipping", { ...testShipping, name: "Shared PC Guest", email: `guest-${uniqueTag()}@example.com` });
  session.set("paymentMethod", "Cash on Delivery");
  await setCookie(context, baseURL!, (await sessionStorage.commitSession(session)).split(";")[0]!);

  await page.goto("/placeorder");
  await settled(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);

  // The cookie no longer carries them…
  const cookie = (await context.cookies()).find((c) => c.name === "__session")!;
  expect((await sessionStorage.getSession(`__session=${cookie.value}`)).get("shipping")).toBeUndefined();
  // …and the next person, adding something to the cart, finds the checkout form empty.
  await page.goto(`/product/${product.id}`);
  await page.getByText("M", { exact: true }).click();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto("/shipping");
  for (const label of ["Name", "Email Address", "Address", "Phone"]) {
    await expect(page.getByLabel(label, { exact: true }), label).toHaveValue("");
  }
  await expect(page.getByText("Shared PC Guest")).toHaveCount(0);
});

test("registration and reset limits are told in the shop's words, in Bangla too", async ({ page }) => {
  const ip = await ownIp(page);
  // As if 30 accounts and 5 reset e-mails had already gone out in the last hour.
  const tag = uniqueTag();
  const email = `limited-${tag}@example.com`;
  await prisma.authFailure.createMany({
    data: [
      ...Array.from({ length: 30 }, () => ({ key: `register-ip:${ip}`, at: new Date() })),
      ...Array.from({ length: 5 }, () => ({ key: `reset-mail:${email}`, at: new Date() })),
    ],
  });

  await page.goto("/bn/register");
  await settled(page);
  await page.locator('input[name="name"]').fill("নতুন ক্রেতা");
  await page.locator('input[name="email"]').fill(`new-${tag}@example.com`);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
  await page.getByRole("button", { name: "অ্যাকাউন্ট খুলুন" }).click();
  await expect(page.getByRole("alert")).toContainText("এই নেটওয়ার্ক থেকে অনেকগুলো নতুন অ্যাকাউন্ট খোলা হয়েছে, এক ঘণ্টা পরে আবার চেষ্টা করুন");
  expect(await prisma.user.count({ where: { email: `new-${tag}@example.com` } })).toBe(0);

  await page.goto("/forgot-password");
  await settled(page);
  await page.getByLabel("Email Address", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("alert")).toContainText("We have already sent several reset links to this address, please try again in an hour");

  await page.goto("/bn/forgot-password");
  await settled(page);
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole("button", { name: "রিসেট লিংক পাঠান" }).click();
  await expect(page.getByRole("alert")).toContainText("এই ঠিকানায় আমরা এরই মধ্যে কয়েকটি রিসেট লিংক পাঠিয়েছি");
});
