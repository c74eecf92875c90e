import type { BrowserContext, Page } from "@playwright/test";

import { sessionStorage, type CartLine, type ShippingInfo } from "~/models/accounts/session.server";

import { createUser, signedInSession } from "./auth";
import { createTestProduct, uniqueTag } from "./catalogue";
import { prisma } from "./db";

// A shopper part-way through checkout, set up by writing the session cookie the
// server would have written: for tests about how pages look, not how they got there.

export const testShipping: ShippingInfo = {
  address: "House 3, Lake Road, Dhanmondi",
  city: "Dhaka",
  postalCode: "1209",
  phone: "01711223344",
  deliveryLabel: "Home",
};

export async function shopperCookie(
  user: { id: number; sessionVersion: number },
  { cart = [], shipping, paymentMethod }: { cart?: CartLine[]; shipping?: ShippingInfo; paymentMethod?: string } = {},
) {
  const session = await signedInSession(user);
  session.set("cart", cart);
  if (shipping) session.set("shipping", shipping);
  if (paymentMethod) session.set("paymentMethod", paymentMethod);
  return (await sessionStorage.commitSession(session)).split(";")[0]!;
}

export async function setCookie(context: BrowserContext, baseURL: string, cookie: string) {
  const [name, ...value] = cookie.split("=");
  await context.clearCookies();
  await context.addCookies([{ name: name!, value: value.join("="), url: baseURL }]);
}

/**
 * A signed-in shopper with one product in the cart, shipping saved and cash on
 * delivery chosen, plus one order already placed (so the profile has a row).
 */
export async function shopperAtCheckout(baseURL: string, { isAdmin = false } = {}) {
  const user = await createUser({ isAdmin });
  const product = await createTestProduct({
    name: `Page check Panjabi ${uniqueTag()}`,
    sizes: [{ size: "M", quantity: 50 }],
    image: (await prisma.product.findFirstOrThrow({ where: { id: 1 } })).image,
  });
  const cookie = await shopperCookie(user, {
    cart: [{ productId: product.id, size: "M", qty: 1 }],
    shipping: testShipping,
    paymentMethod: "Cash on Delivery",
  });
  const res = await fetch(`${baseURL}/api/orders`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      "Content-Type": "application/json",
      "X-Forwarded-For": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({
      orderItems: [{ product: product.id, qty: 1, selectedSize: "M" }],
      shippingAddress: testShipping,
      paymentMethod: "Cash on Delivery",
    }),
  });
  if (res.status !== 201) throw new Error(`placing the setup order failed: ${res.status} ${await res.text()}`);
  const { id: orderId } = (await res.json()) as { id: string };
  return { user, product, cookie, orderId };
}

/**
 * Resolves once React has committed the page's hydration: a JS-on test's clicks then reach the
 * scripts, not a page still booting (decision 059). A fiber on <main> was not enough: React puts it
 * there while it renders, and a click on a link not yet hydrated was lost (the gallery's thumbnail).
 * The root's state says `isDehydrated: false` only after the commit.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    type Root = { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } };
    const key = Object.keys(document).find((k) => k.startsWith("__reactContainer"));
    const root = key ? (document as unknown as Record<string, Root | undefined>)[key] : undefined;
    return root?.stateNode?.current?.memoizedState?.isDehydrated === false;
  });
}
