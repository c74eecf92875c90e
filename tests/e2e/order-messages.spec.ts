import { expect, test, type Page } from "../support/fixtures";

import { sessionStorage } from "~/models/accounts/session.server";

import { createReturningUser } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { setCookie, shopperCookie, testShipping } from "../support/shop";

// Issue 41 item 1, with JavaScript on and off, in English and Bangla: the order page says what is
// true now (a confirmed order never promises a call), the SMS's short link opens the order in a
// browser with no sign-in and no proof, "Send the code again" says how long to wait (and counts
// down with JavaScript), and an old code after a resend is named as such.

const words = {
  en: {
    place: "Place Order",
    confirmTitle: "Confirm your order",
    codeLabel: "Code from the SMS",
    submit: "Confirm order",
    next: "What happens next",
    resendIn: /You can ask for a new code in (\d+) seconds\./,
    oldCode: "We sent you a new code; use the latest one",
    confirmed: "Your order is confirmed. We are packing it",
    call: /call or text/i,
  },
  bn: {
    place: "অর্ডার করুন",
    confirmTitle: "আপনার অর্ডার নিশ্চিত করুন",
    codeLabel: "এসএমএসের কোড",
    submit: "অর্ডার নিশ্চিত করুন",
    next: "এরপর যা হবে",
    resendIn: /([০-৯]+) সেকেন্ড পরে নতুন কোড চাইতে পারবেন।/,
    oldCode: "আপনাকে নতুন কোড পাঠানো হয়েছে; সর্বশেষ কোডটি দিন।",
    confirmed: "আপনার অর্ডার নিশ্চিত হয়েছে।",
    call: /ফোন বা এসএমএস করব/,
  },
} as const;
type Lang = keyof typeof words;
const prefix = (lang: Lang) => (lang === "bn" ? "/bn" : "");
const latin = (s: string) => s.replace(/[০-৯]/g, (d) => String("০১২৩৪৫৬৭৮৯".indexOf(d)));

async function guestPlaces(page: Page, baseURL: string, lang: Lang) {
  const product = await createTestProduct({ name: `Message Kurta ${uniqueTag()}`, sizes: [{ size: "M", quantity: 5 }] });
  const session = await sessionStorage.getSession();
  session.set("cart", [{ productId: product.id, size: "M", qty: 1 }]);
  const phone = `0171${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  session.set("shipping", { ...testShipping, phone, name: "Rina Guest", email: `rina-${uniqueTag()}@example.com` });
  session.set("paymentMethod", "Cash on Delivery");
  await setCookie(page.context(), baseURL, (await sessionStorage.commitSession(session)).split(";")[0]!);
  await page.goto(`${prefix(lang)}/placeorder`);
  await page.getByRole("button", { name: words[lang].place }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  return page.url().split("/order/")[1]!;
}

async function codeOf(orderId: string, sends: number) {
  const row = await prisma.mailOutbox.findUniqueOrThrow({ where: { key: `order-code:${orderId}:${sends}` }, select: { data: true } });
  return (row.data as { code: string }).code;
}

for (const lang of ["en", "bn"] as const) {
  test(`${lang}: the SMS link opens the order elsewhere; the resend waits and counts down; an old code is named`, async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const w = words[lang];
    const jsOn = test.info().project.name === "js-on";
    const orderId = await guestPlaces(page, baseURL!, lang);
    // The browser that placed it sees its own street in full and the e-mail line.
    await expect(page.getByText(testShipping.address, { exact: false }).first()).toBeVisible();
    await expect(page.getByTestId("order-emailed")).toBeVisible();

    // The code SMS's short link (its text is sms-segments.test.ts's and order-link.test.ts's subject).
    const { linkToken } = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, select: { linkToken: true } });
    const link = `${baseURL}/o/${linkToken}`;

    // Another browser, no cookies: the link opens the order, the street masked, the code box there.
    const other = await browser.newContext({ javaScriptEnabled: jsOn });
    const phone = await other.newPage();
    await phone.goto(link);
    await expect(phone).toHaveURL(new RegExp(`${prefix(lang)}/order/${orderId}$`));
    await expect(phone.getByText(testShipping.address)).toHaveCount(0);
    await expect(phone.getByTestId("order-emailed")).toHaveCount(0);
    const section = phone.getByRole("region", { name: w.confirmTitle });
    const wait = section.getByTestId("resend-wait");
    const first = Number(latin((await wait.innerText()).match(w.resendIn)![1]!));
    expect(first).toBeGreaterThan(30);
    if (jsOn) {
      // Counting down, and the button held until it reaches 0.
      await expect(section.getByRole("button", { name: /^(Send the code again|কোডটি আবার পাঠান)$/ })).toBeDisabled();
      await expect.poll(async () => Number(latin((await wait.innerText()).match(w.resendIn)?.[1] ?? "999")), { timeout: 5_000 }).toBeLessThan(first);
    }
    await phone.screenshot({ path: test.info().outputPath(`link-${lang}-390.png`), fullPage: true });

    // A resend a minute later (the clock moved back in the database): the first code is now an old one.
    await prisma.orderConfirmCode.update({ where: { orderId }, data: { sentAt: new Date(Date.now() - 61_000) } });
    await phone.reload();
    await section.getByRole("button", { name: /^(Send the code again|কোডটি আবার পাঠান)$/ }).click();
    await expect.poll(() => prisma.orderConfirmCode.findUniqueOrThrow({ where: { orderId } }).then((c) => c.sends)).toBe(2);
    await expect(section.getByTestId("resend-wait")).toHaveText(w.resendIn);
    await section.getByLabel(w.codeLabel).fill(await codeOf(orderId, 1));
    await section.getByRole("button", { name: w.submit, exact: true }).click();
    await expect(phone.getByText(w.oldCode)).toBeVisible();
    await phone.getByLabel(w.codeLabel).fill(await codeOf(orderId, 2));
    await phone.getByRole("button", { name: w.submit, exact: true }).click();
    await expect(phone.getByRole("region", { name: w.confirmTitle })).toHaveCount(0);

    // Confirmed: what happens next says so and promises no call.
    const next = phone.getByRole("region", { name: w.next });
    await expect(next).toContainText(w.confirmed);
    await expect(next).not.toContainText(w.call);
    await other.close();
  });

  test(`${lang}: a signed-in buyer's confirmed order never promises a call`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const w = words[lang];
    const user = await createReturningUser();
    const product = await createTestProduct({ sizes: [{ size: "M", quantity: 5 }] });
    const cart = [{ productId: product.id, size: "M", qty: 1 }];
    await setCookie(page.context(), baseURL!, await shopperCookie(user, { cart, shipping: testShipping, paymentMethod: "Cash on Delivery" }));
    await page.goto(`${prefix(lang)}/placeorder`);
    await page.getByRole("button", { name: w.place }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    const next = page.getByRole("region", { name: w.next });
    await expect(next).toContainText(w.confirmed);
    await expect(next).not.toContainText(w.call);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`confirmed-${lang}-${width}.png`), fullPage: true });
    }
  });
}
