import { expect, test, type BrowserContext } from "../support/fixtures";

import bnCheckout from "../../app/locales/bn/checkout.json" with { type: "json" };
import bnMessages from "../../app/locales/bn/messages.json" with { type: "json" };
import { createUser } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { setCookie, shopperCookie } from "../support/shop";

// Issue 28 item 14: the shipping step takes a 4-digit postal code, in Latin or
// Bangla digits, and says so beside the field when it gets anything else.
// JavaScript on (checked in the browser as the field is left) and off (the
// server's answer), in English and Bangla.

const MESSAGE = "Enter the 4-digit postal code, like 1205 (Bangla digits such as ১২০৫ are fine)";

async function atShipping(context: BrowserContext, baseURL: string) {
  const product = await createTestProduct({ name: `Postal Panjabi ${uniqueTag()}`, sizes: [{ size: "M", quantity: 5 }] });
  await setCookie(context, baseURL, await shopperCookie(await createUser(), { cart: [{ productId: product.id, size: "M", qty: 1 }] }));
}

for (const [lang, labels, message] of [
  ["", { code: "Postal Code", address: "Address", city: "City", phone: "Phone", go: "Continue" }, MESSAGE],
  [
    "/bn",
    {
      code: bnCheckout.shipping.postalCode,
      address: bnCheckout.shipping.address,
      city: bnCheckout.shipping.city,
      phone: bnCheckout.shipping.phone,
      go: bnCheckout.buttons.continue,
    },
    (bnMessages as Record<string, string>)[MESSAGE]!,
  ],
] as const) {
  test(`a postal code that is not four digits is refused with what is wanted${lang ? " (Bangla)" : ""}`, async ({ page, context, baseURL }) => {
    await atShipping(context, baseURL!);
    await page.goto(`${lang}/shipping`);
    await page.getByLabel(labels.address, { exact: true }).fill("House 3, Lake Road");
    await page.getByLabel(labels.city, { exact: true }).fill("Dhaka");
    await page.getByLabel(labels.phone, { exact: true }).fill("01711000000");
    const code = page.getByLabel(labels.code, { exact: true });
    await code.fill("abc");
    await page.getByRole("button", { name: labels.go }).click();
    await expect(page).toHaveURL(new RegExp(`${lang}/shipping$`));
    await expect(code).toHaveAttribute("aria-invalid", "true");
    const describedBy = (await code.getAttribute("aria-describedby"))!.split(" ");
    await expect(page.locator(describedBy.map((id) => `[id="${id}"]`).join(", "))).toContainText(message);

    // Bangla digits are fine, and kept as typed.
    await code.fill("১২০৯");
    await page.getByRole("button", { name: labels.go }).click();
    await expect(page).toHaveURL(new RegExp(`${lang}/payment$`));
    await page.goto(`${lang}/shipping`);
    await expect(page.getByLabel(labels.code, { exact: true })).toHaveValue("১২০৯");
  });
}
