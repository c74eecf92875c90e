import { expect, test, type Page } from "../support/fixtures";

import { createTestProduct, uniqueTag } from "../support/catalogue";
import { createUser } from "../support/auth";
import { prisma } from "../support/db";
import { setCookie, shopperAtCheckout, shopperCookie } from "../support/shop";

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
    const typed: { selector: string; byId: string | null; value: string }[] = [];
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
      typed.push({ selector: `[data-early="${i}"]`, byId: el.id ? `#${CSS.escape(el.id)}` : null, value });
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
    for (const { selector, byId, value } of typed) {
      // A select that submits on change (the sort, a cart quantity) is sent on hydration (issue 28
      // item 13): the page it leads to draws it anew, with the choice made, under the same id.
      const now = await page
        .locator(selector)
        .inputValue({ timeout: 1_000 })
        .catch(() => (byId ? page.locator(byId).inputValue({ timeout: 1_000 }) : "(gone)"))
        .catch(() => "(gone)");
      if (now !== value) lost.push(`${path} ${selector}: typed ${JSON.stringify(value)}, now ${JSON.stringify(now)}`);
    }
  }
  expect(lost).toEqual([]);
});

// Issue 28 item 13: every control a shopper touches before the scripts arrive
// (scripts held up to 3 s, as on a slow phone) keeps working with what was
// chosen once they do: not only the value on screen, but the state the page
// acts on (Add To Cart enabled for the size tapped, the sort applied, the
// quantity sent, the filters and shipping fields submitted as set).
test.describe("controls touched before hydration keep their live state", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "only a page with scripts hydrates");

  /** Holds the shop's scripts until `release()`, at most 3 s. */
  async function holdScripts(page: Page) {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/build/**/*.js", async (route) => {
      await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      await route.continue();
    });
    return () => release();
  }
  const isHydrated = (page: Page) => page.evaluate(() => Object.keys(document.querySelector("main") ?? {}).some((k) => k.startsWith("__reactFiber")));
  /** The scripts ran: React has claimed the page and the network has gone quiet. */
  async function hydrated(page: Page) {
    await page.waitForFunction(() => Object.keys(document.querySelector("main") ?? {}).some((k) => k.startsWith("__reactFiber")));
    await page.waitForLoadState("networkidle");
  }
  /** What was touched was touched before the scripts ran; then they may. */
  async function letScriptsRun(page: Page, release: () => void) {
    expect(await isHydrated(page), "the controls were used before hydration").toBe(false);
    release();
    await hydrated(page);
  }

  test("a size tapped and a quantity typed: Add To Cart takes them", async ({ page }) => {
    const product = await createTestProduct({
      name: `Early Size ${uniqueTag()}`,
      sizes: [
        { size: "S", quantity: 5 },
        { size: "M", quantity: 5 },
      ],
    });
    const release = await holdScripts(page);
    await page.goto(`/product/${product.id}`, { waitUntil: "domcontentloaded" });
    await page.getByText("M", { exact: true }).click();
    await page.getByRole("spinbutton", { name: "Quantity" }).fill("3");
    await letScriptsRun(page, release);

    await expect(page.getByRole("radio", { name: "M", exact: true })).toBeChecked();
    await expect(page.getByText("Choose a size to add this to your cart.")).toHaveCount(0);
    const add = page.getByRole("button", { name: "Add To Cart" });
    await expect(add).toBeEnabled();
    await add.click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByLabel(`Quantity of ${product.name}, size M`)).toHaveValue("3");
  });

  test("a search typed: Enter searches for it", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Search products").fill("jamdani");
    await letScriptsRun(page, release);
    await expect(page.getByLabel("Search products")).toHaveValue("jamdani");
    await page.getByLabel("Search products").press("Enter");
    await expect(page).toHaveURL(/\/search\/jamdani$/);
  });

  test("filters ticked and a price typed: Apply sends them", async ({ page }) => {
    const category = await prisma.category.findFirstOrThrow({ where: { products: { some: { sizes: { some: { size: "M" } } } } }, orderBy: { id: "asc" } });
    const release = await holdScripts(page);
    await page.goto(`/category/${category.id}`, { waitUntil: "domcontentloaded" });
    await page.getByText("Filters", { exact: true }).click();
    await page.getByRole("checkbox", { name: /^M \(/ }).check();
    await page.getByRole("checkbox", { name: /^In stock only/ }).check();
    await page.getByLabel("Min").fill("100");
    await letScriptsRun(page, release);

    await expect(page.getByRole("checkbox", { name: /^M \(/ })).toBeChecked();
    await expect(page.getByLabel("Min")).toHaveValue("100");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&]size=M(&|$)/);
    expect(new URL(page.url()).searchParams.get("inStock")).toBe("1");
    expect(new URL(page.url()).searchParams.get("minPrice")).toBe("100");
  });

  test("a sort chosen: the list is sorted once the scripts run", async ({ page }) => {
    const category = await prisma.category.findFirstOrThrow({ where: { products: { some: {} } }, orderBy: { id: "asc" } });
    const release = await holdScripts(page);
    await page.goto(`/category/${category.id}`, { waitUntil: "domcontentloaded" });
    await page.getByLabel("Sort by").selectOption("price-asc");
    await letScriptsRun(page, release);
    await expect(page).toHaveURL(/[?&]sort=price-asc(&|$)/);
    await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
  });

  test("a cart quantity chosen: it is sent once the scripts run", async ({ page, context, baseURL }) => {
    const product = await createTestProduct({ name: `Early Qty ${uniqueTag()}`, pricePaisa: 200_00, sizes: [{ size: "M", quantity: 9 }] });
    await setCookie(context, baseURL!, await shopperCookie(await createUser(), { cart: [{ productId: product.id, size: "M", qty: 1 }] }));
    const release = await holdScripts(page);
    await page.goto("/cart", { waitUntil: "domcontentloaded" });
    await page.getByLabel(`Quantity of ${product.name}, size M`).selectOption("3");
    await letScriptsRun(page, release);
    await expect(page.getByTestId("cart-subtotal")).toHaveText("৳600.00");
    await page.reload();
    await expect(page.getByLabel(`Quantity of ${product.name}, size M`)).toHaveValue("3");
  });

  test("shipping fields typed and Office chosen: Continue saves them", async ({ page, context, baseURL }) => {
    const product = await createTestProduct({ name: `Early Ship ${uniqueTag()}`, sizes: [{ size: "M", quantity: 9 }] });
    await setCookie(context, baseURL!, await shopperCookie(await createUser(), { cart: [{ productId: product.id, size: "M", qty: 1 }] }));
    const release = await holdScripts(page);
    await page.goto("/shipping", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Address", { exact: true }).fill("Road 9, Gulshan");
    await page.getByLabel("City", { exact: true }).fill("Dhaka");
    await page.getByLabel("Postal Code", { exact: true }).fill("১২১২");
    await page.getByLabel("Phone", { exact: true }).fill("01711000000");
    await page.getByLabel("Office", { exact: true }).check();
    await letScriptsRun(page, release);

    await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Road 9, Gulshan");
    await expect(page.getByLabel("Postal Code", { exact: true })).toHaveValue("১২১২");
    await expect(page.getByLabel("Office", { exact: true })).toBeChecked();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/payment$/);
    await page.goto("/placeorder");
    await expect(page.getByText("Road 9, Gulshan, Dhaka ১২১২, Bangladesh (Office)")).toBeVisible();
  });

  test("a menu opened before the scripts ran stays open; a navigation closes it", async ({ page, context, baseURL }) => {
    const shopper = await createUser({ name: `Early Menu ${uniqueTag()}` });
    await setCookie(context, baseURL!, await shopperCookie(shopper));
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const menu = page.locator("header details").filter({ hasText: shopper.name });
    await menu.locator("summary").click();
    await letScriptsRun(page, release);
    // Hydration's effects used to close it again, under the shopper's finger.
    await expect(menu).toHaveAttribute("open", "");
    await menu.getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(menu).not.toHaveAttribute("open");
  });

  test("the back office's phone menu opened before the scripts ran stays open; a section chosen closes it", async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await setCookie(context, baseURL!, await shopperCookie(await createUser({ isAdmin: true })));
    const release = await holdScripts(page);
    await page.goto("/admin", { waitUntil: "domcontentloaded" });
    const menu = page.locator('details:has(nav[aria-label="Admin menu"])');
    await menu.locator("summary").click();
    await letScriptsRun(page, release);
    await expect(menu).toHaveAttribute("open", "");
    await menu.getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL(/\/admin\/orderlist$/);
    await expect(menu).not.toHaveAttribute("open");
  });
});
