import { expect, test, type APIRequestContext, type Page } from "../support/fixtures";

import { createUser } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { shopperCookie } from "../support/shop";

// A page from the full-page cache (server/page-cache.js) is the same bytes for
// every anonymous visitor. Everything a shopper does from it must still work,
// with JavaScript on and off: search, sort, filters, and the first add to cart,
// which is the POST that creates the session cookie.

/** Renders the URL once so the browser's visit is a HIT. */
async function warm(request: APIRequestContext, url: string) {
  await request.get(url, { headers: { Cookie: "" } });
  await expect.poll(async () => (await request.get(url, { headers: { Cookie: "" } })).headers()["x-cache"]).toBe("HIT");
}

async function visitCached(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.headers()["x-cache"], `${url} came from the cache`).toMatch(/^(HIT|STALE)$/);
}

test("the first add to cart from a cached product page works and makes the next pages personal", async ({ page, request }) => {
  const product = await createTestProduct({
    name: `Cached Kurta ${uniqueTag()}`,
    sizes: [
      { size: "M", quantity: 4 },
      { size: "L", quantity: 4 },
    ],
  });
  const url = `/product/${product.id}`;
  await warm(request, url);
  await visitCached(page, url);

  await page.getByText("L", { exact: true }).click();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("link", { name: product.name })).toBeVisible();

  // Back on the product page the visitor has a cookie: the cached copy with their cart count filled in (issue 29).
  const again = await page.goto(url);
  expect(again?.headers()["x-page-holes"]).toBe("filled");
  expect(again?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("banner").getByRole("link", { name: /cart/i })).toContainText("1");
});

test("search, sort and filters work from a cached category page", async ({ page, request, javaScriptEnabled }) => {
  const tag = uniqueTag();
  const category = await createTestCategory(`Cached shelf ${tag}`);
  const cheap = await createTestProduct({ name: `Cheap Gamcha ${tag}`, categoryId: category.id, pricePaisa: 300_00, sizes: [{ size: "M", quantity: 3 }] });
  const dear = await createTestProduct({ name: `Dear Gamcha ${tag}`, categoryId: category.id, pricePaisa: 900_00, sizes: [{ size: "L", quantity: 3 }] });
  const url = `/category/${category.id}`;
  await warm(request, url);
  await visitCached(page, url);

  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Sort", exact: true })).toHaveCount(0); // hydrated
  await page.getByLabel("Sort by").selectOption({ label: "Price: high to low" });
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Sort", exact: true }).click();
  await expect(page).toHaveURL(/\?sort=price-desc$/);
  await expect(
    page
      .getByRole("main")
      .getByRole("link", { name: new RegExp(`Gamcha ${tag}`) })
      .first(),
  ).toHaveText(new RegExp(dear.name));

  await page.getByText("Filters", { exact: true }).click();
  await page.getByRole("checkbox", { name: "M (1)", exact: true }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/size=M/);
  await expect(page.getByRole("main").getByRole("link", { name: cheap.name })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: dear.name })).toHaveCount(0);

  await page.getByRole("banner").getByLabel("Search products").fill(`Dear Gamcha ${tag}`);
  await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\//);
  await expect(page.getByRole("main").getByRole("link", { name: dear.name })).toBeVisible();
});

test("a size sold out by another buyer stops being offered within five seconds, and a stale page cannot sell it", async ({ page, request, baseURL }) => {
  const product = await createTestProduct({
    name: `Last One Saree ${uniqueTag()}`,
    sizes: [
      { size: "M", quantity: 1 },
      { size: "L", quantity: 5 },
    ],
  });
  const url = `/product/${product.id}`;
  await warm(request, url);
  await visitCached(page, url);
  await expect(page.getByRole("radio", { name: "M", exact: true })).toBeEnabled();

  // Someone else buys the last M while this page is open.
  const buyer = await createUser();
  const order = await fetch(`${baseURL}/api/orders`, {
    method: "POST",
    headers: { Cookie: await shopperCookie(buyer), "Content-Type": "application/json", "X-Forwarded-For": `10.8.${Math.floor(Math.random() * 250)}.1` },
    body: JSON.stringify({
      orderItems: [{ product: product.id, qty: 1, selectedSize: "M" }],
      shippingAddress: { address: "House 1, Road 2", city: "Dhaka", postalCode: "1207", phone: "01711000000", deliveryLabel: "Home" },
      paymentMethod: "Cash on Delivery",
    }),
  });
  expect(order.status).toBe(201);

  // The open, stale page still shows M; choosing it and adding is refused.
  await page.getByText("M", { exact: true }).click();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByText("That size is out of stock")).toBeVisible();

  // A fresh anonymous visitor sees M sold out within the promised five seconds.
  const fresh = await page.context().browser()!.newPage({ javaScriptEnabled: false });
  await expect
    .poll(
      async () => {
        await fresh.goto(`${baseURL}${url}`);
        return fresh.getByRole("radio", { name: "M (out of stock)" }).count();
      },
      { timeout: 5_000, intervals: [250] },
    )
    .toBe(1);
  await expect(fresh.getByRole("radio", { name: "M (out of stock)" })).toBeDisabled();
  await fresh.close();
});
