import { expect, test } from "../support/fixtures";

import bnAccount from "../../app/locales/bn/account.json" with { type: "json" };
import bnCatalogue from "../../app/locales/bn/catalogue.json" with { type: "json" };
import { createUser } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// Issue 28, Bangla: a page that needs a sign-in keeps the shopper in Bangla
// (item 18), the description preview joins its parts with the language's stop
// (item 19), and the wordings a native reader flagged (item 21). JavaScript on
// and off (projects js-on / js-off).

const rnd = () => Math.floor(Math.random() * 250) + 1;

test("/bn/profile signed out leads to the Bangla sign-in, and back to /bn/profile (item 18)", async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.${rnd()}.${rnd()}.${rnd()}` });
  const user = await createUser();
  await page.goto("/bn/profile");
  await expect(page).toHaveURL(/\/bn\/login\?redirect=%2Fbn%2Fprofile$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("heading", { level: 1, name: bnAccount.login.title })).toBeVisible();
  await page.getByLabel(bnAccount.fields.email, { exact: true }).fill(user.email);
  await page.getByLabel(bnAccount.fields.password, { exact: true }).fill(user.password);
  await page.getByRole("button", { name: bnAccount.login.submit }).click();
  await expect(page).toHaveURL(/\/bn\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: bnAccount.profile.heading })).toBeVisible();
});

test("every Bangla page behind a sign-in sends a guest to /bn/login; English ones to /login", async ({ request }) => {
  const product = await createTestProduct();
  const cases: [string, "GET" | "POST", string][] = [
    ["/bn/profile", "GET", "/bn/login?redirect=%2Fbn%2Fprofile"],
    ["/profile", "GET", "/login?redirect=%2Fprofile"],
    // Writing a review is for signed-in shoppers too.
    [`/bn/product/${product.id}`, "POST", `/bn/login?redirect=%2Fbn%2Fproduct%2F${product.id}`],
  ];
  for (const [path, method, location] of cases) {
    const res = await request.fetch(path, {
      method,
      maxRedirects: 0,
      ...(method === "POST" ? { form: { intent: "review", rating: "5", comment: "ভালো" } } : {}),
    });
    expect(res.status(), path).toBe(302);
    expect(res.headers().location, path).toBe(location);
  }
});

test("the description preview joins list items with the দাঁড়ি in Bangla and a full stop in English, never two (item 19)", async ({ page }) => {
  const product = await createTestProduct({
    name: `Preview Saree ${uniqueTag()}`,
    description:
      "<ul><li>Jacquard cotton.</li><li>Hand finished borders</li><li>Woven on a pit loom in Tangail by a family of weavers, who have done so for three generations</li></ul>",
  });
  await prisma.product.update({
    where: { id: product.id },
    data: {
      descriptionBn:
        "<ul><li>টাঙ্গাইলের তাঁতিদের হাতের কাজ।</li><li>১০০% সুতি</li><li>নরম ও হালকা, গরমে আরামদায়ক, প্রতিদিন পরার জন্য; তিন প্রজন্ম ধরে এক পরিবারের তাঁতে বোনা</li></ul>",
    },
  });

  await page.goto(`/bn/product/${product.id}`);
  const bn = await page.locator("#product-description").innerText();
  expect(bn.startsWith("টাঙ্গাইলের তাঁতিদের হাতের কাজ। ১০০% সুতি। নরম ও হালকা")).toBe(true);
  expect(bn).not.toMatch(/।\.|\.।|\.\.|।।|[.।]…/);
  expect(bn.endsWith("…")).toBe(true);

  await page.goto(`/product/${product.id}`);
  const en = await page.locator("#product-description").innerText();
  expect(en.startsWith("Jacquard cotton. Hand finished borders. Woven on a pit loom")).toBe(true);
  expect(en).not.toMatch(/\.\.|\.…|।/);
});

test("the sort and cart wordings a native reader asked for (item 21)", async ({ page }) => {
  await page.goto("/bn/search/saree");
  const sort = page.getByLabel(bnCatalogue.sort.label);
  await expect(sort.locator("option")).toContainText(["সবচেয়ে প্রাসঙ্গিক", "নতুনগুলো আগে"]);
  await expect(sort.locator("option", { hasText: "মানানসই" })).toHaveCount(0);
});
