import { expect, test, type Page } from "../support/fixtures";

import { createUser, signIn } from "../support/auth";
import { fillShipping } from "../support/checkout-steps";
import { createColourProduct } from "../support/colours";
import { hydrated } from "../support/shop";
import { shot } from "../support/shots";

// Issue 38: a shopper buys a panjabi in a colour and a size, and everyone after sees which one —
// the cart, the order page, the admin's order page and the packing slip — with JavaScript on and
// off, in English and Bangla.

const words = {
  en: { prefix: "", legend: "Colour", colour: "Maroon", line: "Colour: Maroon", add: "Add To Cart", show: "Show this colour" },
  bn: { prefix: "/bn", legend: "রং", colour: "মেরুন", line: "রং: মেরুন", add: "কার্টে যোগ করুন", show: "এই রং দেখুন" },
};

async function chooseColour(page: Page, { colour: name, legend, show }: { colour: string; legend: string; show: string }, js: boolean) {
  // In the colour group: the related row's cards name their colours too.
  await page.getByRole("group", { name: legend }).getByText(name, { exact: true }).click();
  // Without scripts the sizes of another colour come with the page again.
  if (!js) await page.getByRole("button", { name: show }).click();
  await expect(page).toHaveURL(/[?&]color=/);
  await expect(page.getByRole("radio", { name })).toBeChecked();
}

for (const lang of ["en", "bn"] as const) {
  test(`${lang}: colour and size go from the product page to the order, the admin's page and the slip`, async ({
    page,
    context,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.setTimeout(120_000);
    const w = words[lang];
    const { product } = await createColourProduct();

    await page.goto(`${w.prefix}/product/${product.id}`);
    if (javaScriptEnabled) await hydrated(page);
    await chooseColour(page, w, javaScriptEnabled);
    // Maroon has no L: its L is out, whatever Navy has.
    await expect(page.getByRole("radio", { name: /^L\b/ })).toBeDisabled();
    await page.getByText("M", { exact: true }).click();
    await shot(page, `colour-journey-product-${lang}`, javaScriptEnabled);
    await page.getByRole("button", { name: w.add }).click();

    await expect(page).toHaveURL(new RegExp(`${w.prefix}/cart$`));
    const line = page.locator("li", { has: page.getByRole("link", { name: product.name }) });
    await expect(line).toContainText(w.line);
    await shot(page, `colour-journey-cart-${lang}`, javaScriptEnabled);

    await page.goto("/cart");
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await fillShipping(page, { guest: true });
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/placeorder$/);
    await expect(page.getByText("Colour: Maroon")).toBeVisible();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByText("Colour: Maroon")).toBeVisible();
    await expect(page.getByText("Size M", { exact: true })).toBeVisible();
    await page.goto(`${w.prefix}/order/${orderId}`);
    await expect(page.getByText(w.line)).toBeVisible();
    await shot(page, `colour-journey-order-${lang}`, javaScriptEnabled);

    await signIn(context, baseURL!, await createUser({ isAdmin: true }));
    await page.goto(`/admin/order/${orderId}`);
    await expect(page.getByText("Colour: Maroon")).toBeVisible();
    await expect(page.getByText("Size M", { exact: true })).toBeVisible();
    await page.goto(`/admin/order/${orderId}/slip`);
    await expect(page.getByRole("row", { name: new RegExp(product.name) })).toContainText("Maroon · M");
    await shot(page, `colour-journey-slip-${lang}`, javaScriptEnabled);
  });
}
