import { createTestProduct, uniqueTag } from "./catalogue";
import { expect, test, type Page } from "./fixtures";

// Steps the checkout specs share: a product of their own, the two ways into
// the cart, the shipping form, the summary's figures.

export const jsOn = () => test.info().project.name === "js-on";

export async function product(priceTaka: number, sizes: { size: string; quantity: number }[], label = "Panjabi") {
  return createTestProduct({ name: `E2E ${label} ${uniqueTag()}`, pricePaisa: Math.round(priceTaka * 100), sizes });
}

/** Add To Cart on the product page (another engineer's), which lands on /cart. */
export async function addFromProductPage(page: Page, productId: number, size: string, qty: number) {
  await page.goto(`/product/${productId}`);
  await page.getByText(size, { exact: true }).click();
  await page.getByLabel("Quantity", { exact: true }).fill(String(qty));
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

/** Quick cart setup for tests that are not about the product page: the cart's own add action. */
export async function addViaCart(page: Page, productId: number, size: string, qty: number) {
  const res = await page.request.post("/cart", { form: { intent: "addToCart", productId, size, qty } });
  expect(res.ok()).toBe(true);
}

export async function fillShipping(page: Page, { guest }: { guest: boolean }) {
  await page.goto("/shipping");
  if (guest) {
    await page.getByLabel("Name", { exact: true }).fill("Nusrat Jahan");
    await page.getByLabel("Email Address", { exact: true }).fill("nusrat@example.com");
  }
  await page.getByLabel("Address", { exact: true }).fill("House 3, Lake Road, Dhanmondi");
  await page.getByLabel("City", { exact: true }).fill("Dhaka");
  await page.getByLabel("Postal Code", { exact: true }).fill("1209");
  await page.getByLabel("Phone", { exact: true }).fill("01711223344");
  await page.getByLabel("Office", { exact: true }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

/** From a filled cart to a placed guest order, through every step's page as a shopper goes; the order's id and number. */
export async function checkoutAsGuest(page: Page, { name, email }: { name: string; email: string }) {
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email Address", { exact: true }).fill(email);
  await page.getByLabel("Address", { exact: true }).fill("House 4, Road 9, Mirpur");
  await page.getByLabel("City", { exact: true }).fill("Dhaka");
  await page.getByLabel("Postal Code", { exact: true }).fill("1216");
  await page.getByLabel("Phone", { exact: true }).fill("01911223344");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  // With JavaScript on the URL can change a moment before the order page renders: wait for its heading.
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Order TB-\d+$/);
  const number = (await heading.innerText()).replace("Order ", "");
  return { orderId, number };
}

export const summary = (page: Page, what: "items" | "shipping" | "tax" | "total") => page.getByTestId(`summary-${what}`);
