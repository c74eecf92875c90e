import crypto from "node:crypto";

import { prisma } from "./db";
import { shopperAtCheckout, shopperCookie } from "./shop";

// One URL of every page type shoppers (and admins) see, for the checks that must
// hold everywhere: no sideways scrolling on a phone, no serious axe findings.

export type PageType = { name: string; path: string; as?: "shopper" | "emptyCart" | "admin" };

/** A live reset link of a shopper's, minted as the service does (only its hash is stored). */
async function resetLinkPath() {
  const user = await prisma.user.findFirstOrThrow({ where: { isAdmin: false }, orderBy: { id: "asc" } });
  const token = crypto.randomBytes(32).toString("base64url");
  const tokenHash = crypto.createHash("sha256").update(token, "utf8").digest("hex");
  await prisma.passwordResetToken.create({ data: { userId: user.id, tokenHash, expiresAt: new Date(Date.now() + 60 * 60 * 1000) } });
  return `/reset-password/${token}`;
}

export async function storefrontPageTypes(): Promise<PageType[]> {
  const [category, footer, product, resetPath] = await Promise.all([
    prisma.category.findFirstOrThrow({ where: { id: { not: 1 }, products: { some: {} } }, orderBy: { id: "asc" } }),
    prisma.footerPage.findFirstOrThrow({ orderBy: { id: "asc" } }),
    prisma.product.findFirstOrThrow({ where: { numReviews: { gt: 0 } }, orderBy: { id: "asc" } }),
    resetLinkPath(),
  ]);
  return [
    { name: "home", path: "/" },
    { name: "list", path: "/page/2" },
    { name: "search", path: "/search/saree" },
    { name: "search, nothing found", path: "/search/red%20jamdani%20saree" },
    { name: "category", path: `/category/${category.id}` },
    { name: "product", path: `/product/${product.id}` },
    { name: "footer page", path: `/footer-info/${footer.id}` },
    { name: "login", path: "/login" },
    { name: "register", path: "/register" },
    { name: "forgot password", path: "/forgot-password" },
    { name: "reset password", path: resetPath },
    { name: "find order", path: "/orders/find" },
    { name: "empty cart", path: "/cart", as: "emptyCart" },
    { name: "cart", path: "/cart", as: "shopper" },
    { name: "shipping", path: "/shipping", as: "shopper" },
    { name: "payment", path: "/payment", as: "shopper" },
    { name: "place order", path: "/placeorder", as: "shopper" },
    { name: "order", path: "/order/:order", as: "shopper" },
    { name: "profile", path: "/profile", as: "shopper" },
  ];
}

export async function adminPageTypes(): Promise<PageType[]> {
  const [category, discount, product, user] = await Promise.all([
    prisma.category.findFirstOrThrow({ orderBy: { id: "asc" } }),
    prisma.discount.findFirstOrThrow({ orderBy: { id: "asc" } }),
    prisma.product.findFirstOrThrow({ orderBy: { id: "asc" } }),
    prisma.user.findFirstOrThrow({ where: { isAdmin: false }, orderBy: { id: "asc" } }),
  ]);
  return [
    "/admin/orderlist",
    "/admin/order/:order",
    "/admin/productlist",
    "/admin/productlist/2",
    `/admin/product/${product.id}/edit`,
    "/admin/product/new",
    "/admin/categorylist",
    `/admin/category/${category.id}/edit`,
    "/admin/discountlist",
    "/admin/discount/create",
    `/admin/discount/${discount.id}/edit`,
    "/admin/userlist",
    `/admin/user/${user.id}/edit`,
    "/admin/footerCreate",
    "/admin/mail",
    "/admin/reviewlist",
    "/admin/settings",
    "/admin/synonyms",
  ].map((path) => ({ name: path, path, as: "admin" as const }));
}

/** The cookie and the concrete path for visiting a page type as its kind of visitor. */
export async function visitorFor(baseURL: string, type: PageType) {
  if (!type.as) return { cookie: null, path: type.path };
  if (type.as === "emptyCart") {
    const { user } = await shopperAtCheckout(baseURL);
    return { cookie: await shopperCookie(user), path: type.path };
  }
  const { cookie, orderId } = await shopperAtCheckout(baseURL, { isAdmin: type.as === "admin" });
  return { cookie, path: type.path.replace(":order", orderId) };
}
