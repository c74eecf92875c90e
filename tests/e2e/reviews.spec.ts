import { expect, test } from "../support/fixtures";

import { createUser, signIn } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { confirmClick } from "../support/confirm";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// Reviews that mean something (issue 26, part 3), with JavaScript on and off:
// an admin hides, shows and deletes a review in the back office and shoppers
// see the change on the product page; a delivered buyer's review is marked
// "Verified purchase", in English and in Bangla.

async function productWithReviews(comments: string[]) {
  const product = await createTestProduct({ name: `Review Kurta ${uniqueTag()}`, sizes: [{ size: "M", quantity: 5 }] });
  const users = [];
  for (const comment of comments) {
    const user = await createUser();
    await prisma.review.create({ data: { productId: product.id, userId: user.id, name: user.name, rating: 4, comment } });
    users.push(user);
  }
  await prisma.product.update({ where: { id: product.id }, data: { rating: 4, numReviews: comments.length } });
  return { product, users };
}

test("an admin hides, shows again and deletes a review; the product page follows", async ({ page, context, baseURL, browser, javaScriptEnabled: js }) => {
  test.setTimeout(60_000);
  const tag = uniqueTag();
  const [kept, rude] = [`Good weave ${tag}`, `Spam spam ${tag}`];
  const { product, users } = await productWithReviews([kept, rude]);
  const writer = users[1]!.name;
  const shopper = await browser.newContext({ javaScriptEnabled: js });
  const visitor = await shopper.newPage();
  const reviewsOnPage = visitor.locator("#reviews");

  await signIn(context, baseURL!, await createUser({ isAdmin: true }));
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Reviews" }).click();
  await expect(page).toHaveURL(/\/admin\/reviewlist$/);
  await page.goto(`/admin/reviewlist?product=${product.id}`);
  await expect(page.getByRole("heading", { name: `Reviews of “${product.name}”` })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: rude });

  await row.getByRole("button", { name: `Hide the review by ${writer}` }).click();
  await expect(page.getByText(`Hid the review by ${writer}`)).toBeVisible();
  await expect(row.getByText("Hidden", { exact: true })).toBeVisible();
  await visitor.goto(`/product/${product.id}`);
  await expect(reviewsOnPage.getByText(kept)).toBeVisible();
  await expect(reviewsOnPage.getByText(rude)).toHaveCount(0);
  expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ numReviews: 1 });

  // Only the hidden ones, then shown again.
  await page.getByRole("navigation", { name: "Show reviews" }).getByRole("link", { name: "Hidden" }).click();
  await expect(page.getByRole("row").filter({ hasText: kept })).toHaveCount(0);
  await row.getByRole("button", { name: `Show the review by ${writer}` }).click();
  await expect(page.getByText(`The review by ${writer} is shown again`)).toBeVisible();
  await visitor.goto(`/product/${product.id}`);
  await expect(reviewsOnPage.getByText(rude)).toBeVisible();

  await page.goto(`/admin/reviewlist?product=${product.id}`);
  await confirmClick(page, js, row.getByRole("button", { name: `Delete the review by ${writer}` }), "Yes, delete review");
  await expect(page.getByText("Review deleted")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: rude })).toHaveCount(0);
  await visitor.goto(`/product/${product.id}`);
  await expect(reviewsOnPage.getByText(kept)).toBeVisible();
  await expect(reviewsOnPage.getByText(rude)).toHaveCount(0);
  expect(await prisma.review.count({ where: { productId: product.id } })).toBe(1);
  await shopper.close();
});

test("a delivered buyer's review says Verified purchase, in English and Bangla", async ({ page }) => {
  const tag = uniqueTag();
  const [bought, browsed] = [`Fits well ${tag}`, `Looks nice ${tag}`];
  const { product, users } = await productWithReviews([bought, browsed]);
  const order = await createTestOrder({ userId: users[0]!.id, lines: [{ product, size: "M", qty: 1 }] });
  await prisma.order.update({ where: { id: order.id }, data: { isDelivered: true, deliveredAt: new Date() } });
  // The second writer's order is on its way: not verified yet.
  await createTestOrder({ userId: users[1]!.id, lines: [{ product, size: "M", qty: 1 }] });

  for (const [path, mark] of [
    [`/product/${product.id}`, "Verified purchase"],
    [`/bn/product/${product.id}`, "যাচাইকৃত ক্রয়"],
  ] as const) {
    await page.goto(path);
    const review = (text: string) => page.locator("#reviews li").filter({ hasText: text });
    await expect(review(bought).getByText(mark)).toBeVisible();
    await expect(review(browsed)).toBeVisible();
    await expect(review(browsed).getByText(mark)).toHaveCount(0);
  }
});

test.describe("review screens", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "taken once, with JavaScript on");

  for (const size of [
    { name: "phone", width: 390, height: 844 },
    { name: "desktop", width: 1280, height: 800 },
  ] as const) {
    test(`the back office's review list and the product's reviews fit at ${size.name} width`, async ({ page, context, baseURL }, testInfo) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const tag = uniqueTag();
      const { product, users } = await productWithReviews([
        `Soft cotton, true to size ${tag}`,
        `Colour faded after one wash ${tag}`,
        `BUY FOLLOWERS AT spam.example ${tag}`,
      ]);
      const order = await createTestOrder({ userId: users[0]!.id, lines: [{ product, size: "M", qty: 1 }] });
      await prisma.order.update({ where: { id: order.id }, data: { isDelivered: true, deliveredAt: new Date() } });
      await prisma.review.updateMany({ where: { userId: users[2]!.id }, data: { hidden: true } });
      const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

      await page.goto(`/product/${product.id}`);
      await page.locator("#reviews").scrollIntoViewIfNeeded();
      await expect(page.locator("#reviews").getByText("Verified purchase")).toBeVisible();
      expect(await noSideways()).toBe(true);
      await page.locator("#reviews").screenshot({ path: testInfo.outputPath(`product-reviews-${size.name}.png`) });

      await signIn(context, baseURL!, await createUser({ isAdmin: true }));
      await page.goto(`/admin/reviewlist?product=${product.id}`);
      const spam = page.getByRole("row").filter({ hasText: "BUY FOLLOWERS" });
      await expect(spam.getByText("Hidden", { exact: true })).toBeVisible();
      // The actions are on screen without swiping the table sideways, on a phone too.
      await expect(spam.getByRole("button", { name: /^Show the review by/ })).toBeInViewport();
      await expect(spam.getByRole("button", { name: /^Delete the review by/ })).toBeInViewport();
      expect(await noSideways()).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`admin-reviews-${size.name}.png`), fullPage: true });
    });
  }
});
