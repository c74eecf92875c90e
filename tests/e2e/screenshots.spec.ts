import { expect, test, type Page } from "../support/fixtures";

import { createUser } from "../support/auth";
import { createTestProduct } from "../support/catalogue";
import { prisma } from "../support/db";
import { setCookie, shopperCookie, testShipping } from "../support/shop";

// The README's screenshots, made from the real pages on every test run (so
// they stay true): home, a product page, an order confirmation and a search
// that found nothing, at phone and desktop width, into docs/screenshots/.

const sizes = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

async function shoot(page: Page, file: string) {
  // Every picture on screen loaded, and the brand typeface in use.
  // (Only those inside the viewport both ways: a lazy tile scrolled off to the side never loads.)
  // A function, not a string: polling a string predicate evals it in the page, which the CSP refuses.
  const pictures = () =>
    page.evaluate(() => {
      const shown = [...document.images].filter((i) => {
        const r = i.getBoundingClientRect();
        return r.width > 0 && r.top < innerHeight && r.bottom > 0 && r.left < innerWidth && r.right > 0;
      });
      return { loading: shown.filter((i) => !i.complete).length, broken: shown.filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.src) };
    });
  await expect.poll(async () => (await pictures()).loading, { message: "pictures on screen still loading" }).toBe(0);
  // A picture that failed (another test's product with a made-up URL, say) is named, not waited for.
  expect((await pictures()).broken, "pictures on screen that did not load").toEqual([]);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `docs/screenshots/${file}.png` });
}

test.describe("README screenshots", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "taken once, with JavaScript on");

  for (const size of sizes) {
    test(`home, product and order confirmation at ${size.name} width`, async ({ page, context, baseURL }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto("/");
      await expect(page.getByRole("region", { name: "Featured collections" })).toBeVisible();
      await shoot(page, `home-${size.name}`);

      const seeded = await prisma.product.findFirstOrThrow({ where: { name: "Handloom Jamdani Saree" } });
      await page.goto(`/product/${seeded.id}`);
      await expect(page.getByRole("heading", { level: 1, name: seeded.name })).toBeVisible();
      await shoot(page, `product-${size.name}`);

      // An order of the screenshot's own, so the shared catalogue's stock is untouched.
      const product = await createTestProduct({
        name: seeded.name,
        image: seeded.image,
        pricePaisa: seeded.pricePaisa,
        sizes: [{ size: "Free Size", quantity: 3 }],
      });
      const user = await createUser({ name: "Nusrat Jahan" });
      await setCookie(
        context,
        baseURL!,
        await shopperCookie(user, { cart: [{ productId: product.id, size: "Free Size", qty: 1 }], shipping: testShipping, paymentMethod: "Cash on Delivery" }),
      );
      await page.goto("/placeorder");
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByText("Thank you! Your order has been placed.")).toBeVisible();
      await shoot(page, `order-${size.name}`);
    });

    test(`a search that finds nothing at ${size.name} width`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto("/search/red%20jamdani%20saree");
      await expect(page.getByTestId("did-you-mean")).toBeVisible();
      await shoot(page, `no-results-${size.name}`);
    });
  }
});
