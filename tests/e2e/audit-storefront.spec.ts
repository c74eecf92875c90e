import { expect, test } from "../support/fixtures";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";
import { setCookie } from "../support/shop";

// Items of the second storefront audit (issue 22), JavaScript on and off.
// Empty checkout steps going to the cart (item 23) are in checkout.spec.ts,
// and empty filter fields staying out of the address (item 25) in catalogue.spec.ts.

test("a product with one size in stock has it chosen already, and Add To Cart works at once (item 10)", async ({ page }) => {
  const saree = await createTestProduct({
    name: `Jamdani Saree ${uniqueTag()}`,
    sizes: [
      { size: "Free Size", quantity: 6 },
      { size: "Petite", quantity: 0 },
    ],
  });
  await page.goto(`/product/${saree.id}`);
  await expect(page.getByRole("radio", { name: "Free Size", exact: true })).toBeChecked();
  await expect(page.getByText("Choose a size to add this to your cart.")).toHaveCount(0);
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("link", { name: saree.name })).toBeVisible();
});

test("with several sizes in stock none is chosen for the shopper", async ({ page }) => {
  const kurta = await createTestProduct({
    sizes: [
      { size: "M", quantity: 5 },
      { size: "L", quantity: 5 },
    ],
  });
  await page.goto(`/product/${kurta.id}`);
  await expect(page.getByRole("radio", { name: "M", exact: true })).not.toBeChecked();
  await expect(page.getByRole("radio", { name: "L", exact: true })).not.toBeChecked();
});

test("sizes with three or fewer left say how many, and sold-out sizes stay disabled (item 24)", async ({ page }) => {
  const shirt = await createTestProduct({
    sizes: [
      { size: "S", quantity: 0 },
      { size: "M", quantity: 2 },
      { size: "L", quantity: 3 },
      { size: "XL", quantity: 4 },
    ],
  });
  await page.goto(`/product/${shirt.id}`);
  await expect(page.getByRole("radio", { name: "S (out of stock)" })).toBeDisabled();
  // Read out with the size, not part of its name.
  await expect(page.getByRole("radio", { name: "M", exact: true })).toHaveAccessibleDescription("Only 2 left");
  await expect(page.getByRole("radio", { name: "L", exact: true })).toHaveAccessibleDescription("Only 3 left");
  await expect(page.getByRole("radio", { name: "XL", exact: true })).toHaveAccessibleDescription("");
  await expect(page.getByText(/Only \d+ left/)).toHaveCount(2);
  // The note sits under its own chip.
  const chip = await page.getByText("M", { exact: true }).boundingBox();
  const note = await page.getByText("Only 2 left").boundingBox();
  expect(note!.y).toBeGreaterThan(chip!.y + chip!.height - 1);
  expect(Math.abs(note!.x + note!.width / 2 - (chip!.x + chip!.width / 2))).toBeLessThan(12);
});

test("applying filters keeps empty price fields out of the address (item 25)", async ({ page, javaScriptEnabled }) => {
  const category = await createTestCategory(`Filter shelf ${uniqueTag()}`);
  await createTestProduct({ categoryId: category.id, sizes: [{ size: "M", quantity: 3 }] });
  await page.goto(`/category/${category.id}`);
  await page.getByText("Filters", { exact: true }).click();
  await page.getByRole("checkbox", { name: "M (1)", exact: true }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`/category/${category.id}\\?size=M$`));
  expect(page.url(), javaScriptEnabled ? "JavaScript on" : "JavaScript off").not.toMatch(/Price=/);
});

test("the shipping form refuses a number that cannot be a Bangladeshi mobile, beside the field, and keeps one written any usual way (item 16)", async ({
  page,
}) => {
  const lungi = await createTestProduct({ sizes: [{ size: "M", quantity: 4 }] });
  await page.goto(`/product/${lungi.id}`);
  await page.getByRole("button", { name: "Add To Cart" }).click(); // the one size is chosen already
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto("/shipping");
  await page.getByLabel("Name", { exact: true }).fill("Tania Rahman");
  await page.getByLabel("Email Address", { exact: true }).fill(`tania-${uniqueTag()}@example.com`);
  await page.getByLabel("Address", { exact: true }).fill("Flat 2B, Road 11, Uttara");
  await page.getByLabel("City", { exact: true }).fill("Dhaka");
  await page.getByLabel("Postal Code", { exact: true }).fill("1230");
  const phone = page.getByLabel("Phone", { exact: true });
  await phone.fill("017-1234");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/Enter a Bangladeshi mobile number, like 01711 223344/);
  // What was typed elsewhere is still there.
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Flat 2B, Road 11, Uttara");

  await phone.fill("+880 ১৭১২-৩৪৫৬৭৮");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await expect(page.getByText("01712345678")).toBeVisible();
});

test("a cancelled order says so at the top: cancelled, when in Dhaka time, and why (item 19)", async ({ page }) => {
  const product = await createTestProduct({ sizes: [{ size: "M", quantity: 4 }] });
  const order = await createTestOrder({ lines: [{ product, size: "M", qty: 1 }] });
  // 2026-03-04 18:30 UTC is 2026-03-05 00:30 in Dhaka: the day must be Dhaka's.
  await prisma.order.update({ where: { id: order.id }, data: { cancelledAt: new Date("2026-03-04T18:30:00Z"), cancelReason: "out-of-stock" } });
  await page.goto(`/order/${order.id}`);
  const banner = page.getByRole("region", { name: "This order was cancelled" });
  await expect(banner).toContainText("Cancelled on 5 Mar 2026, 00:30 (Dhaka time)");
  await expect(banner).toContainText("Reason: Out of stock");
  // Above everything else about the order.
  const [top, shipping] = [await banner.boundingBox(), await page.getByRole("heading", { name: "Shipping" }).boundingBox()];
  expect(top!.y).toBeLessThan(shipping!.y);
  await expect(page.getByRole("heading", { name: "What happens next" })).toHaveCount(0);
});

test("My Orders says paid, delivered and cancelled in words, as cards on a phone and a table on a desktop (item 18)", async ({ page, context, baseURL }) => {
  const shopper = await createUser();
  const product = await createTestProduct({ sizes: [{ size: "M", quantity: 9 }] });
  const line = [{ product, size: "M", qty: 1 }];
  const done = await createTestOrder({ lines: line, userId: shopper.id, isPaid: true });
  await prisma.order.update({ where: { id: done.id }, data: { isDelivered: true, deliveredAt: new Date() } });
  await createTestOrder({ lines: line, userId: shopper.id });
  const dropped = await createTestOrder({ lines: line, userId: shopper.id });
  await prisma.order.update({ where: { id: dropped.id }, data: { cancelledAt: new Date(), cancelReason: "customer-asked" } });
  await setCookie(context, baseURL!, await sessionCookieFor(shopper));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/profile");
  const cards = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /^Details of order/ }) });
  await expect(cards).toHaveCount(3);
  const words = async () => (await cards.allInnerTexts()).join("\n");
  for (const word of ["Paid", "Not paid", "Delivered", "Not delivered", "Cancelled"]) expect(await words()).toContain(word);
  expect(await words()).not.toContain("✗");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(cards.first()).toBeHidden();
  const table = page.getByRole("table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(`TB-${dropped.number}`) })).toContainText("Cancelled");
  await expect(table.getByRole("row", { name: new RegExp(`TB-${done.number}`) })).toContainText(/Paid.*Delivered/s);
});

test("a 404 sits inside the shop, with the search, the categories and products to go on with (item 8)", async ({ page, request }) => {
  for (const path of ["/no-such-page", "/product/999999", "/category/999999", "/footer-info/999999"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "We could not find that page" })).toBeVisible();
    await expect(page.getByRole("banner").getByLabel("Search products")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Categories" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("region", { name: "Popular right now" }).getByRole("link").first()).toBeVisible();
  }
  // The search on the page works from there.
  await page.getByRole("search", { name: "Search the shop" }).getByRole("searchbox").fill("saree");
  await page.getByRole("search", { name: "Search the shop" }).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\/saree$/);
  // The API keeps its JSON 404.
  const api = await request.get("/api/no-such-thing");
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ message: expect.any(String) });
});

/** A 4:5 picture with a red band at the top and a blue one at the bottom, as a shop photo of a garment would have its collar and hem. */
