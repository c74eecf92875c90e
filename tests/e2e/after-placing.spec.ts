import { expect, test, type Page } from "../support/fixtures";

import bnCheckout from "../../app/locales/bn/checkout.json" with { type: "json" };
import bnOrder from "../../app/locales/bn/order.json" with { type: "json" };
import bnProduct from "../../app/locales/bn/product.json" with { type: "json" };
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";
import { hydrated } from "../support/shop";

// Issue 28, what a buyer meets once the order is placed, JavaScript on and off
// (projects js-on / js-off): where the e-mail went and a way back to the shop
// (item 10), the keyboard starting at the top (item 12), a cancel without
// typing the proof again after a lookup (item 11), and, in Bangla, the steps
// numbered and the typed address given back in Bangla digits (item 17).

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
];

const rnd = () => Math.floor(Math.random() * 250) + 1;

/** Own client IP, so the order and lookup limits of this test never meet another's. */
async function ownIp(page: Page) {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.${rnd()}.${rnd()}.${rnd()}` });
}

type Labels = { name: string; email: string; address: string; city: string; postalCode: string; phone: string; continue: string; place: string; add: string };
const EN: Labels = {
  name: "Name",
  email: "Email Address",
  address: "Address",
  city: "City",
  postalCode: "Postal Code",
  phone: "Phone",
  continue: "Continue",
  place: "Place Order",
  add: "Add To Cart",
};
const BN: Labels = {
  name: bnCheckout.shipping.name,
  email: bnCheckout.shipping.email,
  address: bnCheckout.shipping.address,
  city: bnCheckout.shipping.city,
  postalCode: bnCheckout.shipping.postalCode,
  phone: bnCheckout.shipping.phone,
  continue: bnCheckout.buttons.continue,
  place: bnCheckout.place.submit,
  add: bnProduct.addToCart.submit,
};

/** A guest's whole checkout through the pages, ending on the order page. */
async function placeAsGuest(
  page: Page,
  { lang = "", labels = EN, address = "House 3, Lake Road", city = "Dhaka", postalCode = "1209", email = `placed-${uniqueTag()}@example.com` } = {},
) {
  const product = await createTestProduct({ name: `Placed Panjabi ${uniqueTag()}`, pricePaisa: 800_00, sizes: [{ size: "M", quantity: 5 }] });
  await page.goto(`${lang}/product/${product.id}`);
  await page.getByText("M", { exact: true }).click();
  await page.getByRole("button", { name: labels.add }).click();
  await expect(page).toHaveURL(new RegExp(`${lang}/cart$`));
  await page.goto(`${lang}/shipping`);
  await page.getByLabel(labels.name, { exact: true }).fill("Rina Akter");
  await page.getByLabel(labels.email, { exact: true }).fill(email);
  await page.getByLabel(labels.address, { exact: true }).fill(address);
  await page.getByLabel(labels.city, { exact: true }).fill(city);
  await page.getByLabel(labels.postalCode, { exact: true }).fill(postalCode);
  await page.getByLabel(labels.phone, { exact: true }).fill("01711000000");
  await page.getByRole("button", { name: labels.continue }).click();
  await expect(page).toHaveURL(new RegExp(`${lang}/payment$`));
  await page.getByRole("button", { name: labels.continue }).click();
  await expect(page).toHaveURL(new RegExp(`${lang}/placeorder$`));
  // The keyboard presses it, as a keyboard shopper would (item 12 is about where the focus goes next).
  await page.getByRole("button", { name: labels.place }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  const order = await prisma.order.findFirstOrThrow({ where: { shippingEmail: email } });
  return { order, product, email };
}

for (const vp of VIEWPORTS) {
  test(`the order page says where the e-mail went and offers Continue shopping, beside the code form (${vp.name})`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(vp);
    await ownIp(page);
    const { email } = await placeAsGuest(page);

    // A guest's COD order still asks for its SMS code first (decision 055).
    await expect(page.getByRole("region", { name: "Confirm your order" })).toBeVisible();
    await expect(page.getByLabel("Code from the SMS")).toBeVisible();
    // Right after placing, the browser that placed it sees the address in full, to catch a typo
    // (issue 41 item 1, decision 084); the link's holder later sees it masked (order-messages.spec.ts).
    await expect(page.getByTestId("order-emailed")).toHaveText(
      `An e-mail with this order's details is on its way to ${email}. Not in your inbox within a few minutes? Look in the spam folder.`,
    );
    const next = page.getByRole("region", { name: "What happens next" });
    const continueShopping = next.getByRole("link", { name: "Continue shopping" });
    await expect(continueShopping).toBeVisible();
    const [box, link] = [await next.boundingBox(), await continueShopping.boundingBox()];
    expect(link!.x + link!.width).toBeLessThanOrEqual(box!.x + box!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await continueShopping.click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test("after placing an order, the first Tab is Skip to content (item 12)", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(60_000);
  await ownIp(page);
  await placeAsGuest(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order TB-\d+$/);
  // Scripts start after load (decision 059): keys pressed while they hydrate can lose focus to the new page's reset.
  if (javaScriptEnabled) await hydrated(page);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  // And on to the page's own content from there, not the footer.
  await page.keyboard.press("Enter");
  // The jump is a history entry the router hears; once it has, the flash message must still be there.
  await expect(page).toHaveURL(/#main$/);
  if (javaScriptEnabled)
    await page.waitForFunction(() => (window as { __remixRouter?: { state: { location: { hash: string } } } }).__remixRouter?.state.location.hash === "#main");
  await expect(page.getByTestId("toast")).toContainText("Your order has been placed.");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
});

test("in Bangla the steps are numbered in Bangla digits and the address comes back as typed (item 17)", async ({ page }) => {
  test.setTimeout(60_000);
  await ownIp(page);
  const { order, product } = await placeAsGuest(page, {
    lang: "/bn",
    labels: BN,
    address: "বাড়ি ১২, রোড ৫, ধানমন্ডি",
    city: "ঢাকা",
    postalCode: "১২০৫",
  });
  expect(order.postalCode).toBe("১২০৫"); // kept as typed (decision 060)
  const next = page.getByRole("region", { name: bnOrder.confirmation.title });
  const steps = next.getByRole("listitem");
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toHaveText(/^১\./);
  await expect(steps.nth(1)).toHaveText(/^২\..*ঢাকা ১২০৫/);
  await expect(steps.nth(2)).toHaveText(/^৩\./);
  // The list draws no markers of its own (they would be Latin "1.").
  expect(await next.locator("ol").evaluate((ol) => getComputedStyle(ol).listStyleType)).toBe("none");
  // The shipping card: the city and postal code as typed (the street is masked for a link's holder).
  await expect(page.getByRole("region", { name: bnOrder.page.shipping })).toContainText("ঢাকা ১২০৫");

  // Nothing the shop prints here is in Latin digits, but the order number, phones and e-mail addresses.
  const text = (await page.locator("main").innerText())
    .replaceAll(product.name, "") // the test product's own name
    .replace(/TB-\d+/g, "")
    .replace(/[\w.+-]*[•\w]*@[\w.-]+/g, "")
    .replace(/\+?[0-9•]{3}[0-9•\s-]{7,}/g, "");
  expect(text.match(/[0-9]+/g) ?? []).toEqual([]);
});

test("the English order page numbers its steps too, and keeps a postal code typed in Bangla digits", async ({ page }) => {
  test.setTimeout(60_000);
  await ownIp(page);
  await placeAsGuest(page, { postalCode: "১২০৯" });
  const steps = page.getByRole("region", { name: "What happens next" }).getByRole("listitem");
  await expect(steps.nth(0)).toHaveText(/^1\./);
  await expect(steps.nth(1)).toHaveText(/^2\..*Dhaka ১২০৯/);
});

test("a guest who found the order through the lookup cancels it without typing the proof again (item 11)", async ({ page, browser, baseURL }) => {
  await ownIp(page);
  const product = await createTestProduct({ name: `Lookup Cancel ${uniqueTag()}`, sizes: [{ size: "L", quantity: 2 }] });
  const order = await createTestOrder({ lines: [{ product, size: "L", qty: 1 }], phone: "01812345678" });

  // The link alone (another browser, a forwarded e-mail) still asks for the phone or e-mail.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": `10.${rnd()}.${rnd()}.${rnd()}` } });
  const stranger = await other.newPage();
  await stranger.goto(`/order/${order.id}`);
  await stranger.getByText("Cancel this order").click();
  await expect(stranger.getByLabel("Phone or email used at checkout")).toBeVisible();

  // The buyer proves it through /orders/find ...
  await page.goto("/orders/find");
  await page.getByLabel("Order number").fill(`TB-${order.number}`);
  await page.getByLabel("Email or phone").fill("01812345678");
  await page.getByRole("button", { name: "Find order" }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}$`));
  // ... and is not asked again.
  await page.getByText("Cancel this order").click();
  await expect(page.getByLabel("Phone or email used at checkout")).toHaveCount(0);
  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Cancelled");
  expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).cancelledAt).not.toBeNull();

  // The other browser shows the order cancelled, with nothing left to cancel.
  await stranger.reload();
  await expect(stranger.getByText("Cancel this order")).toHaveCount(0);
  await other.close();
});

test("a lookup proves only the order it found", async ({ page }) => {
  await ownIp(page);
  const product = await createTestProduct({ name: `Lookup Two ${uniqueTag()}`, sizes: [{ size: "L", quantity: 4 }] });
  const found = await createTestOrder({ lines: [{ product, size: "L", qty: 1 }], phone: "01812345678" });
  const notFound = await createTestOrder({ lines: [{ product, size: "L", qty: 1 }], phone: "01812345679" });
  await page.goto("/orders/find");
  await page.getByLabel("Order number").fill(`TB-${found.number}`);
  await page.getByLabel("Email or phone").fill("01812345678");
  await page.getByRole("button", { name: "Find order" }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${found.id}$`));

  await page.goto(`/order/${notFound.id}`);
  await page.getByText("Cancel this order").click();
  await expect(page.getByLabel("Phone or email used at checkout")).toBeVisible();
  await page.getByLabel("Phone or email used at checkout").fill("01812345678"); // the other order's phone
  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByLabel("Phone or email used at checkout")).toHaveAttribute("aria-invalid", "true");
  expect((await prisma.order.findUniqueOrThrow({ where: { id: notFound.id } })).cancelledAt).toBeNull();
});
