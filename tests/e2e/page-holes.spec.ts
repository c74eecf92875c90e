import { expect, test, type Browser, type Page } from "../support/fixtures";

import { createUser } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { setCookie, shopperCookie } from "../support/shop";

// Cached pages with holes (issue 29, docs/decisions/069), in a browser with
// JavaScript on and off: two shoppers with different names and carts and an
// anonymous visitor take turns on the same cached pages. Each page carries its
// own visitor's header, cart count and review form; a flash shows once, to the
// shopper it is for; and with JavaScript the filled pages hydrate without a
// complaint from React.

type Visitor = { label: string; page: Page; name: string | null; cart: number; errors: string[] };

async function visitor(browser: Browser, baseURL: string, javaScriptEnabled: boolean, label: string, cookie: string | null, name: string | null, cart: number) {
  const context = await browser.newContext({ javaScriptEnabled });
  if (cookie) await setCookie(context, baseURL, cookie);
  const page = await context.newPage();
  const errors: string[] = [];
  // A hydration mismatch is a console error (React #418/#423/#425 in a production build) or an uncaught one.
  // A resource the busy test server refused (a 503 from its fail-fast pool) says nothing about hydration.
  page.on("console", (message) => {
    const text = message.text();
    if ((message.type() === "error" && !/^Failed to load resource/.test(text)) || /hydrat/i.test(text)) errors.push(`${page.url()}: ${text}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return { label, page, name, cart, errors } satisfies Visitor;
}

async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.waitForLoadState("networkidle");
}

test("two shoppers and an anonymous visitor take turns on the same cached pages, each seeing only their own", async ({
  browser,
  baseURL,
  javaScriptEnabled,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const category = await createTestCategory(`Holes aisle ${tag}`);
  const product = await createTestProduct({
    name: `Holes Panjabi ${tag}`,
    categoryId: category.id,
    sizes: [
      { size: "M", quantity: 40 },
      { size: "L", quantity: 40 },
    ],
  });
  const [ayesha, bilal] = [await createUser({ name: `Ayesha Turns ${tag}` }), await createUser({ name: `Bilal Turns ${tag}` })];
  const js = javaScriptEnabled;
  const visitors = [
    await visitor(browser, baseURL!, js, "Ayesha", await shopperCookie(ayesha, { cart: [{ productId: product.id, size: "M", qty: 2 }] }), ayesha.name, 2),
    await visitor(browser, baseURL!, js, "anonymous", null, null, 0),
    await visitor(
      browser,
      baseURL!,
      js,
      "Bilal",
      await shopperCookie(bilal, {
        cart: [
          { productId: product.id, size: "L", qty: 3 },
          { productId: product.id, size: "M", qty: 4 },
        ],
      }),
      bilal.name,
      7,
    ),
  ];
  const [a, anonymous, b] = visitors;
  const pages = ["/", `/product/${product.id}`, `/category/${category.id}`, `/search/holes%20panjabi%20${tag}`, "/bn", `/bn/product/${product.id}`];
  for (const path of pages) await request.get(path, { headers: { Cookie: "" } }); // the shared copies

  const expectOwn = async (v: Visitor, path: string) => {
    const bangla = path.startsWith("/bn");
    const account = v.page.getByRole("banner").getByRole("navigation", { name: bangla ? "অ্যাকাউন্ট" : "Account" });
    await expect(account, `${v.label} on ${path}`).toContainText(v.name ?? (bangla ? "সাইন ইন" : "Sign In"));
    // Another shopper's name only where it is public: on a review they wrote.
    for (const other of visitors) {
      if (other === v || !other.name) continue;
      const [anywhere, reviews] = [v.page.getByText(other.name), v.page.locator("#reviews").getByText(other.name)];
      await expect.poll(async () => (await anywhere.count()) - (await reviews.count()), `${v.label} on ${path}`).toBe(0);
    }
    const count = account.getByRole("link", { name: bangla ? /কার্ট/ : /cart/i });
    if (v.cart) await expect(count).toContainText(bangla ? String(v.cart).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!) : String(v.cart));
    else await expect(count.locator("span.rounded-full")).toHaveCount(0);
  };

  // In turns, twice over: Ayesha, the anonymous visitor and Bilal on each page, all at once.
  for (let round = 0; round < 2; round++) {
    for (const path of pages) {
      const responses = await Promise.all(visitors.map((v) => v.page.goto(path)));
      for (const [i, v] of visitors.entries()) {
        const headers = responses[i]!.headers();
        expect(headers["x-cache"], `${v.label} on ${path}`).toMatch(/^(HIT|STALE|MISS)$/);
        expect(headers["x-page-holes"], `${v.label} on ${path}`).toBe(v.name ? "filled" : undefined);
        await hydrated(v.page, js);
        await expectOwn(v, path);
      }
    }
  }

  // Ayesha reviews the product: the page she lands on (a filled copy without JavaScript) thanks her, once.
  const url = `/product/${product.id}`;
  await a.page.goto(url);
  await hydrated(a.page, js);
  await a.page.getByLabel("Rating").selectOption("5");
  await a.page.getByLabel("Comment").fill(`Lovely weave ${tag}`);
  await a.page.getByRole("button", { name: "Submit" }).click();
  await expect(a.page.getByTestId("toast")).toContainText("Review submitted successfully");
  await expect(a.page.getByText("Thank you: you have reviewed this product.")).toBeVisible();
  await Promise.all([b.page.goto(url), anonymous.page.goto(url)]);
  for (const v of [b, anonymous]) {
    await hydrated(v.page, js);
    await expect(v.page.getByText(`Lovely weave ${tag}`)).toBeVisible();
    await expect(v.page.getByTestId("toast")).toBeEmpty();
    await expectOwn(v, url);
  }
  await expect(b.page.getByRole("button", { name: "Submit" })).toBeVisible();
  await expect(anonymous.page.locator("#reviews").getByRole("link", { name: "sign in" })).toBeVisible();
  const again = await a.page.goto(url);
  expect(again?.headers()["x-page-holes"]).toBe("filled");
  await hydrated(a.page, js);
  await expect(a.page.getByTestId("toast")).toBeEmpty();
  await expect(a.page.getByText("Thank you: you have reviewed this product.")).toBeVisible();
  await expectOwn(a, url);

  for (const v of visitors) expect(v.errors, `${v.label}: console errors`).toEqual([]);
  for (const v of visitors) await v.page.context().close();
});
