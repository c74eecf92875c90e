import { expect, test, type Page } from "@playwright/test";

import { createTestProduct, uniqueTag } from "../support/catalogue";
import { createUser } from "../support/auth";
import { prisma } from "../support/db";
import { setCookie, shopperAtCheckout } from "../support/shop";

// A shopper on a slow phone types before the scripts arrive (a cached page
// shows at once, the JavaScript comes later). Hydration must keep what they
// typed: the search box and the quantity used to reset to their first state.

test("text typed and numbers chosen before the scripts load survive hydration", async ({ page }) => {
  test.skip(test.info().project.name !== "js-on", "only a page with scripts hydrates");
  const product = await createTestProduct({ sizes: [{ size: "M", quantity: 9 }] });
  let release: () => void = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  // Scripts are held until the fields are filled in (at most 3 s, as on a slow connection).
  await page.route("**/build/**/*.js", async (route) => {
    await Promise.race([scriptsHeld, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    await route.continue();
  });

  await page.goto(`/product/${product.id}`, { waitUntil: "domcontentloaded" });
  const term = `early ${uniqueTag()}`;
  await page.getByLabel("Search products").fill(term);
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("3");
  release();

  // The − / + buttons appear in hydration's own re-render, the one that used to reset the fields.
  await expect(page.getByRole("button", { name: "One more" })).toBeVisible();
  await expect(page.getByLabel("Search products")).toHaveValue(term);
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("3");
  // React's state has the typed number too: one more makes 4, not 2.
  await page.getByRole("button", { name: "One more" }).click();
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("4");
});

/** Every text field, number and select a person can reach on the page, filled with a value of its kind. */
async function fillEverything(page: Page) {
  return page.evaluate(() => {
    const typed: { selector: string; value: string }[] = [];
    const visible = (el: HTMLElement) => el.offsetParent !== null && !el.closest("[hidden]");
    const skip = new Set(["hidden", "submit", "button", "checkbox", "radio", "file", "image", "reset"]);
    const fields = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("input, textarea, select")];
    fields.forEach((el, i) => {
      if (!visible(el) || el.disabled || ("readOnly" in el && el.readOnly)) return;
      if (el instanceof HTMLInputElement && skip.has(el.type)) return;
      el.setAttribute("data-early", String(i));
      let value: string;
      if (el instanceof HTMLSelectElement) {
        const options = [...el.options].filter((o) => !o.disabled && o.value !== el.value);
        if (!options.length) return;
        value = options[options.length - 1]!.value;
      } else if (el instanceof HTMLInputElement && el.type === "number") value = String(Math.max(Number(el.min || 1), 2));
      else if (el.type === "date") value = "2026-11-01";
      else if (el.type === "email") value = `early${i}@example.com`;
      else if (el.type === "tel" || /phone/i.test(el.name)) value = "01812345678";
      else if (el.type === "password") value = `early-pass-${i}`;
      else value = `early ${i}`;
      el.value = value;
      el.dispatchEvent(new Event("input", { bubbles: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
      typed.push({ selector: `[data-early="${i}"]`, value });
    });
    return typed;
  });
}

test("every form keeps what was typed before the scripts arrived", async ({ page, context, baseURL }) => {
  test.skip(test.info().project.name !== "js-on", "only a page with scripts hydrates");
  test.setTimeout(180_000);
  const product = await createTestProduct({ sizes: [{ size: "M", quantity: 9 }] });
  const category = await prisma.category.findFirstOrThrow({ where: { products: { some: {} } }, orderBy: { id: "asc" } });
  const pages: { path: string; as?: "shopper" | "admin" }[] = [
    { path: "/" },
    { path: `/category/${category.id}` },
    { path: "/search/saree" },
    { path: "/login" },
    { path: "/register" },
    { path: "/forgot-password" },
    { path: "/orders/find" },
    { path: `/product/${product.id}`, as: "shopper" },
    { path: "/cart", as: "shopper" },
    { path: "/shipping", as: "shopper" },
    { path: "/profile", as: "shopper" },
    { path: "/admin/orderlist", as: "admin" },
    { path: "/admin/discount/create", as: "admin" },
    { path: `/admin/user/${(await createUser()).id}/edit`, as: "admin" },
    // Left out on purpose: /admin/categorylist swaps its no-JS name field for the
    // spec's prompt() once scripts run, and the product editor's size and image
    // widgets take over from their no-JS fields (a known gap, noted on issue 21).
  ];
  const cookies = { shopper: (await shopperAtCheckout(baseURL!)).cookie, admin: (await shopperAtCheckout(baseURL!, { isAdmin: true })).cookie };

  // One gate per page: its scripts wait until the fields are filled in.
  let release: () => void = () => {};
  let gate = Promise.resolve();
  await page.route("**/build/**/*.js", async (route) => {
    await Promise.race([gate, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    await route.continue();
  });
  const lost: string[] = [];
  for (const { path, as } of pages) {
    gate = new Promise<void>((resolve) => (release = resolve));
    if (as) await setCookie(context, baseURL!, cookies[as]);
    else await context.clearCookies();
    await page.goto(path, { waitUntil: "domcontentloaded" });
    const typed = await test.step(`fill ${path}`, () => fillEverything(page));
    expect(typed.length, `${path} has a form`).toBeGreaterThan(0);
    release();
    // Hydration done: React has claimed the document and the page has gone quiet.
    await test.step(`hydrate ${path}`, async () => {
      await page.waitForFunction(() => Object.keys(document).some((k) => k.startsWith("__reactContainer")));
      await page.waitForLoadState("networkidle");
    });
    for (const { selector, value } of typed) {
      const now = await page.locator(selector).inputValue({ timeout: 1_000 }).catch(() => "(gone)");
      if (now !== value) lost.push(`${path} ${selector}: typed ${JSON.stringify(value)}, now ${JSON.stringify(now)}`);
    }
  }
  expect(lost).toEqual([]);
});
