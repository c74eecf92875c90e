import { expect, test, type Page } from "../support/fixtures";

import { createUser, signIn } from "../support/auth";
import { createTestProduct } from "../support/catalogue";
import { hydrated } from "../support/shop";

// What a phone downloads before a page is interactive (issue 42, decisions
// 083 and 098): every script, the locale chunk included, counted as it
// travels (compressed body and response headers, as Lighthouse's script
// transfer size counts it). The budgets are the README's: the home page at
// most 8 files and 100 KB, a product page 120 KB. Without JavaScript nothing
// is fetched (scripts-after-load.spec.ts).
const BUDGETS = [
  { page: "the home page", path: async () => "/", maxKb: 100, maxFiles: 8 },
  // The same page in Bangla, its dictionary the larger (decision 121).
  { page: "the Bangla home page", path: async () => "/bn", maxKb: 100, maxFiles: 8 },
  {
    page: "a product page",
    path: async () => `/product/${(await createTestProduct({ sizes: [{ size: "M", quantity: 3 }] })).id}`,
    maxKb: 120,
    maxFiles: 8,
  },
];

async function scriptsOf(page: Page, path: string) {
  const sizes: Promise<{ url: string; bytes: number }>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    sizes.push(request.sizes().then((s) => ({ url: request.url(), bytes: s.responseHeadersSize + s.responseBodySize })));
  });
  await page.goto(path);
  // Remix puts its router on window as it hydrates; the locale chunk comes before that.
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.waitForLoadState("networkidle");
  const scripts = await Promise.all(sizes);
  const kb = scripts.reduce((n, s) => n + s.bytes, 0) / 1024;
  const list = scripts.map((s) => `${(s.bytes / 1024).toFixed(1)} KB ${new URL(s.url).pathname}`).join("\n");
  return { kb, count: scripts.length, list, names: scripts.map((s) => s.url) };
}

for (const budget of BUDGETS) {
  test(`${budget.page} hydrates from at most ${budget.maxFiles} scripts and ${budget.maxKb} KB`, async ({ page }) => {
    test.skip(test.info().project.name !== "js-on", "only a page with scripts fetches them");
    const { kb, count, list } = await scriptsOf(page, await budget.path());
    expect(count, `script requests:\n${list}`).toBeLessThanOrEqual(budget.maxFiles);
    expect(kb, `KB transferred:\n${list}`).toBeLessThanOrEqual(budget.maxKb);
  });
}

// Decision 120: each script a page starts with asks V8 to compile it whole while it streams in, off
// the main thread; without the hint the framework's functions were compiled one by one on the main
// thread as hydration first called them. Data (the locale dictionary, the manifest) has no such hint.
test("the scripts a page starts with ask to be compiled as they stream in", async ({ page }) => {
  test.skip(test.info().project.name !== "js-on", "only a page with scripts fetches them");
  const { names, list } = await scriptsOf(page, "/");
  expect(
    names.some((url) => /\/_shared\/framework-/.test(url)),
    list,
  ).toBe(true);
  for (const url of names) {
    const body = await (await page.request.get(url)).text();
    const data = /\/(manifest-[^/]*|_shared\/(en|bn)-[^/]*)\.js$/.test(url);
    expect(body.startsWith("//# allFunctionsCalledOnLoad\n"), `${url}\n${list}`).toBe(!data);
  }
});

// Decision 121: the Bangla dictionary travels as UTF-8 letters, not as the build's `\u09XX`
// escapes (twice the bytes), and the page it hydrates reads the same letters.
test("a Bangla page's dictionary is Bengali text, and the page it hydrates reads right", async ({ page }) => {
  test.skip(test.info().project.name !== "js-on", "only a page with scripts fetches them");
  const { names, list } = await scriptsOf(page, "/bn/cart");
  const dictionary = names.find((url) => /\/_shared\/bn-[^/]*\.js$/.test(url));
  expect(dictionary, list).toBeDefined();
  const body = await (await page.request.get(dictionary!)).text();
  expect(body).toContain("আপনার কার্টে কিছু নেই");
  expect(body).not.toMatch(/\\u09[89a-f]|\\u096[45]/i);
  // The next page is drawn by React in the browser, its texts from that dictionary.
  await hydrated(page);
  let documents = 0;
  page.on("request", (r) => void (r.resourceType() === "document" && documents++));
  await page.getByRole("link", { name: "কেনাকাটা চালিয়ে যান" }).click();
  await expect(page.getByRole("heading", { name: "সেরা রেটিংয়ের পণ্য" })).toBeVisible();
  expect(documents).toBe(0);
});

// The product page's forms are checked in the browser without zod (decision
// 098): the schema's message still comes before any post (the server's own
// answer, with JavaScript off, is in storefront.spec.ts).
test("a product page checks its review form in the browser without shipping zod", async ({ page, context, baseURL }) => {
  test.skip(test.info().project.name !== "js-on", "only a page with scripts checks in the browser");
  const product = await createTestProduct({ sizes: [{ size: "M", quantity: 3 }] });
  await signIn(context, baseURL!, await createUser());
  const { names, list } = await scriptsOf(page, `/product/${product.id}`);
  for (const url of names) {
    const body = await (await page.request.get(url)).text();
    expect(body.includes("ZodFirstPartyTypeKind"), `zod in ${url}\n${list}`).toBe(false);
  }
  let posted = false;
  page.on("request", (r) => void (r.method() === "POST" && (posted = true)));
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Please select a rating")).toBeVisible();
  await expect(page.getByText("Comment is required")).toBeVisible();
  await expect(page.getByLabel("Rating", { exact: true })).toBeFocused();
  expect(posted).toBe(false);
  // Fixed, the error goes as the shopper types.
  await page.getByLabel("Comment", { exact: true }).fill("Soft");
  await expect(page.getByText("Comment is required")).toBeHidden();
});
