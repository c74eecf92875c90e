import { expect, test, type Page } from "../support/fixtures";

import bnCart from "../../app/locales/bn/cart.json" with { type: "json" };
import bnCheckout from "../../app/locales/bn/checkout.json" with { type: "json" };
import bnProduct from "../../app/locales/bn/product.json" with { type: "json" };
import { adminPage, openMail } from "../support/admin-mail";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// Issue 20: the whole guest checkout in Bangla, from /bn to the order page and
// its e-mail, with JavaScript on and off (projects js-on / js-off). Labels come
// from the Bangla catalogue, so the test follows its wording; what it asserts
// is what a Bangla reader gets: lang="bn", Bangla words, Bangla digits in
// prices, Latin order and phone numbers, and a switch back to English.

const BANGLA = /[\u0980-\u09FF]/;
const BANGLA_TAKA = /৳[০-৯][০-৯,]*\.[০-৯]{2}/;

test("a guest buys in Bangla from /bn to the order page and its e-mail, and switches back to English", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const made = await createTestProduct({ name: `Bangla Panjabi ${uniqueTag()}`, pricePaisa: 1250_00, sizes: [{ size: "L", quantity: 4 }] });
  // Both names: the order keeps them, and its Bangla page and e-mail show the Bangla one (issue 28 item 16).
  const product = await prisma.product.update({ where: { id: made.id }, data: { nameBn: `পাঞ্জাবি ${made.id}` } });
  const email = `bn-guest-${uniqueTag()}@example.com`;

  await page.goto("/bn");
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page).toHaveTitle(/তানাবানা/);
  await expect(page.getByTestId("language-switch").first()).toHaveText("English");

  // The product page: Bangla words, the price in Bangla digits with the lakh grouping.
  await page.goto(`/bn/product/${product.id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByText("৳১,২৫০.০০").first()).toBeVisible();
  await page.getByText("L", { exact: true }).click();
  await page.getByLabel(bnProduct.quantity.label, { exact: true }).fill("২"); // a quantity typed in Bangla digits
  await page.getByRole("button", { name: bnProduct.addToCart.submit }).click();

  await expect(page).toHaveURL(/\/bn\/cart$/);
  await expect(page.getByRole("heading", { level: 1, name: bnCart.page.title })).toBeVisible();
  await expect(page.getByTestId("cart-subtotal")).toHaveText("৳২,৫০০.০০");
  await page.getByRole("link", { name: bnCart.page.checkout }).click();

  await expect(page).toHaveURL(/\/bn\/shipping$/);
  await page.getByLabel(bnCheckout.shipping.name, { exact: true }).fill("নুসরাত জাহান");
  await page.getByLabel(bnCheckout.shipping.email, { exact: true }).fill(email);
  await page.getByLabel(bnCheckout.shipping.address, { exact: true }).fill("বাড়ি ৩, লেক রোড, ধানমন্ডি");
  await page.getByLabel(bnCheckout.shipping.city, { exact: true }).fill("ঢাকা");
  await page.getByLabel(bnCheckout.shipping.postalCode, { exact: true }).fill("১২০৯");
  await page.getByLabel(bnCheckout.shipping.phone, { exact: true }).fill("০১৭১১২২৩৩৪৪");
  await page.getByLabel(bnCheckout.deliveryLabels.Office, { exact: true }).check();
  await page.getByRole("button", { name: bnCheckout.buttons.continue }).click();

  await expect(page).toHaveURL(/\/bn\/payment$/);
  await expect(page.getByLabel(bnCheckout.payment.cashOnDelivery, { exact: true })).toBeChecked();
  await page.getByRole("button", { name: bnCheckout.buttons.continue }).click();

  await expect(page).toHaveURL(/\/bn\/placeorder$/);
  // ৳2,500 + ৳0 shipping + 15 % tax = ৳2,875.
  await expect(page.getByTestId("summary-total")).toHaveText("৳২,৮৭৫.০০");
  await page.getByRole("button", { name: bnCheckout.place.submit }).click();

  await expect(page).toHaveURL(/\/bn\/order\/[0-9a-f-]{36}$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByText(bnCheckout.place.placed)).toBeVisible();
  const order = await prisma.order.findFirstOrThrow({ where: { shippingEmail: email }, select: { id: true, number: true, lang: true, phone: true } });
  expect(order.lang).toBe("bn");
  expect(order.phone).toBe("01711223344"); // typed in Bangla digits, stored as couriers dial it
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`TB-${order.number}`); // Latin digits
  // Masked for the link's holder (issue 27 item 7), in Latin digits as couriers dial it.
  await expect(page.getByText("017•••••344").first()).toBeVisible();
  await expect(page.getByTestId("summary-total")).toHaveText("৳২,৮৭৫.০০");
  expect(await page.locator("main").innerText()).toMatch(BANGLA);
  await expect(page.locator("main").getByRole("link", { name: product.nameBn!, exact: true })).toBeVisible();
  await expect(page.locator("main")).not.toContainText(product.name);

  // The switch leads to the same order in English.
  await page.getByTestId("language-switch").first().click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}$`));
  expect(new URL(page.url()).pathname).toBe(`/order/${order.id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order TB-${order.number}`);
  await expect(page.getByTestId("summary-total")).toHaveText("৳2,875.00");
  await expect(page.locator("main").getByRole("link", { name: product.name, exact: true })).toBeVisible();

  // The order's e-mail, as the admin reads it: a Bangla subject naming the order, the Bangla link.
  const admin = await adminPage(browser, baseURL!, javaScriptEnabled);
  await openMail(admin, email, new RegExp(`(?=.*TB-${order.number})(?=.*[\u0980-\u09FF])`));
  const mail = admin.frameLocator('iframe[title="The message as HTML"]');
  await expect(mail.locator("body")).toContainText(`TB-${order.number}`);
  expect(await mail.locator("body").innerText()).toMatch(BANGLA_TAKA);
  await expect(mail.locator("body")).toContainText(product.nameBn!);
  await expect(mail.locator("body")).not.toContainText(product.name);
  const links = await mail.locator("a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  expect(links.some((href) => href.endsWith(`/bn/order/${order.id}`))).toBe(true);
  await admin.context().close();
});

test("English pages stay as they were; a Bangla visitor's choice is remembered only when made", async ({ page, context, baseURL }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // hreflang alternates and the canonical point at the page in each language.
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((ls) => ls.map((l) => `${l.getAttribute("hreflang")} ${new URL((l as HTMLLinkElement).href).pathname}`));
  expect(alternates).toEqual(["en /", "bn /bn", "x-default /"]);

  // Accept-Language alone changes nothing: no redirect.
  await context.setExtraHTTPHeaders({ "Accept-Language": "bn-BD,bn;q=0.9" });
  await page.goto("/");
  expect(new URL(page.url()).pathname).toBe("/");

  // The shopper's own choice: remembered, so the front door opens in Bangla next time.
  await page.getByTestId("language-switch").first().click();
  expect(new URL(page.url()).pathname).toBe("/bn");
  const cookies = await context.cookies(baseURL);
  expect(cookies.find((c) => c.name === "lang")?.value).toBe("bn");
  await page.goto("/");
  expect(new URL(page.url()).pathname).toBe("/bn");
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  // A page with its own URL keeps its language.
  await page.goto("/cart");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("Bangla pages say nothing in English outside the shop's data (names, brands, sizes)", async ({ page }) => {
  const product = await createTestProduct({ name: `Bangla Check ${uniqueTag()}`, sizes: [{ size: "M", quantity: 3 }] });
  // What the shop shows as it was entered: names, brands and sizes (English where no Bangla was given).
  const [products, categories, footer] = await Promise.all([
    prisma.product.findMany({ select: { id: true, name: true, brand: true, description: true, sizes: { select: { size: true } } } }),
    prisma.category.findMany({ select: { id: true, name: true } }),
    prisma.footerPage.findMany({ select: { id: true, title: true } }),
  ]);
  // Tests running beside this one add products, categories and footer pages after the query above
  // (a "Cached Kurta …" among the related products once). Their cards and links are left out below:
  // this test judges the shop's words, and only the data it knows.
  const known = {
    product: products.map((p) => p.id),
    category: categories.map((c) => c.id),
    "footer-info": footer.map((f) => f.id),
  };
  const data = [
    ...products.flatMap((p) => [p.name, p.brand, ...p.description.replace(/<[^>]*>/g, "\n").split("\n"), ...p.sizes.map((s) => s.size)]),
    ...categories.map((c) => c.name),
    ...footer.map((f) => f.title),
    "TanaBana",
    "hello@tanabana.example",
    "English", // the switch to English, in English on purpose
    "zzzznothing", // what the shopper searched for, said back
  ]
    .map((text) => text?.trim())
    .filter((text): text is string => Boolean(text))
    .sort((a, b) => b.length - a.length);
  const paths = [
    "/bn",
    `/bn/product/${product.id}`,
    "/bn/cart",
    "/bn/search/zzzznothing",
    "/bn/login",
    "/bn/register",
    "/bn/forgot-password",
    "/bn/orders/find",
    "/bn/no-such-page",
  ];
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    const texts = await page.evaluate((knownIds) => {
      for (const link of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
        const match = /\/(product|category|footer-info)\/(\d+)/.exec(new URL(link.href).pathname);
        if (!match || knownIds[match[1] as keyof typeof knownIds].includes(Number(match[2]))) continue;
        (link.closest("article") ?? link).remove();
      }
      const attrs = [...document.querySelectorAll("[placeholder], [aria-label], [alt], [title]")].flatMap((el) =>
        ["placeholder", "aria-label", "alt", "title"].map((a) => el.getAttribute(a) ?? ""),
      );
      return [document.title, document.body.innerText, ...attrs];
    }, known);
    let text = texts.join("\n");
    for (const entry of data) text = text.split(entry).join(" ");
    for (const word of text.match(/[A-Za-z]{3,}/g) ?? []) found.push(`${path}: ${word}`);
  }
  expect(found).toEqual([]);
});

/** Hydrated: React has claimed the page's <main> (the offer is decided after this). */
const hydrated = (page: Page) => page.waitForFunction(() => Object.keys(document.querySelector("main") ?? {}).some((k) => k.startsWith("__reactFiber")));

test("a browser that reads Bangla first is offered the Bangla shop on the front door, never sent there", async ({ browser, baseURL, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the offer is made in the browser, so the cached front door stays one page; without JavaScript the header's switch is the way");
  const bangla = await browser.newContext({ locale: "bn-BD", baseURL });
  const page = await bangla.newPage();
  await page.goto("/");
  expect(new URL(page.url()).pathname).toBe("/");
  const offer = page.getByRole("complementary", { name: "বাংলা" });
  await expect(offer).toBeVisible();
  await offer.getByRole("link", { name: "বাংলায় দেখুন" }).click();
  await expect(page).toHaveURL(/\/bn$/);
  await bangla.close();

  // Staying in English is a choice as well: remembered, and the offer is not made again.
  const stays = await browser.newContext({ locale: "bn-BD", baseURL });
  const again = await stays.newPage();
  await again.goto("/");
  await again.getByRole("button", { name: "Stay in English" }).click();
  await expect(again.getByRole("complementary", { name: "বাংলা" })).toHaveCount(0);
  await again.reload();
  await hydrated(again);
  await expect(again.getByRole("complementary", { name: "বাংলা" })).toHaveCount(0);
  await stays.close();

  // An English browser is not offered anything.
  const english = await browser.newContext({ locale: "en-GB", baseURL });
  const plain = await english.newPage();
  await plain.goto("/");
  await hydrated(plain);
  await expect(plain.getByRole("complementary", { name: "বাংলা" })).toHaveCount(0);
  await english.close();
});
