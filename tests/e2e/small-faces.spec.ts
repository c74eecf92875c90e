import type { Page } from "@playwright/test";

import { expect, test } from "../support/fixtures";
import { hydrated } from "../support/shop";

// The taka sign and the English page's "বাংলা" link are drawn with the shop's own small
// faces (web/small-faces.server.ts), with JavaScript on and off: never a system font's
// boxes on a machine without Bengali fonts, as this test's Chromium is.

/** The fonts Chromium drew the element's own text with, and how many glyphs each drew. */
async function fontsDrawing(page: Page, selector: string): Promise<Record<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return Object.fromEntries(fonts.map((f) => [f.familyName, f.glyphCount]));
}

test("prices and the language link are drawn with the shop's faces, not a system font", async ({ page }) => {
  await page.goto("/product/1");
  await expect(page.locator("header [data-testid=language-switch]")).toHaveText("বাংলা");
  // The four glyphs of "বাংলা" come from the label's face (cut from Noto Sans Bengali).
  expect(await fontsDrawing(page, "header [data-testid=language-switch]")).toEqual({ "Noto Sans Bengali": 5 });
  // The header's link is semibold, the face's own weight: not a lighter face the browser emboldens.
  const ink = await page.evaluate(async () => {
    const drawn: Record<string, number> = {};
    for (const weight of [400, 600]) {
      await document.fonts.load(`${weight} 48px "Bangla Label"`, "বাংলা");
      const canvas = document.createElement("canvas");
      canvas.width = 300;
      canvas.height = 80;
      const context = canvas.getContext("2d")!;
      context.font = `${weight} 48px "Bangla Label"`;
      context.fillText("বাংলা", 10, 60);
      drawn[weight] = context.getImageData(0, 0, 300, 80).data.reduce((sum, v, i) => (i % 4 === 3 ? sum + v : sum), 0);
    }
    return drawn;
  });
  expect(ink[600], JSON.stringify(ink)).toBe(ink[400]);
  // "৳2,850.00": the sign from the taka face, the digits from Inter (or its fallback when Inter is late).
  await page
    .locator("main")
    .getByText(/^৳[\d,.]+$/)
    .first()
    .evaluate((el) => el.setAttribute("data-probe", ""));
  const price = await fontsDrawing(page, "[data-probe]");
  expect(price, JSON.stringify(price)).toHaveProperty("Noto Sans Bengali", 1);
  expect(Object.values(price).reduce((a, b) => a + b, 0)).toBeGreaterThan(1);

  // A Bangla page links to "English" and is sent the taka face alone.
  await page.goto("/bn/product/1");
  await expect(page.locator("header [data-testid=language-switch]")).toHaveText("English");
  // (A face from JavaScript is named as given, one from a stylesheet with its quotes.)
  const faces = await page.evaluate(() => [...document.fonts].map((f) => f.family.replace(/"/g, "")).filter((f) => /Taka|Bangla Label/.test(f)));
  expect(faces).toEqual(["Taka Sign"]);
});

/** The shop's Inter files a page fetched (their names without the build's hash). */
async function interFilesOf(page: Page, path: string): Promise<string[]> {
  const files: string[] = [];
  page.on("request", (request) => {
    const name = new URL(request.url()).pathname.split("/").pop()!;
    if (request.resourceType() === "font" && /^inter/i.test(name)) files.push(name.replace(/-[\w]{8}\.woff2$/, ""));
  });
  await page.goto(path, { waitUntil: "networkidle" });
  return files;
}

test("a page fetches Inter's core face only, and the extra face when it draws one of its letters", async ({ page, javaScriptEnabled }) => {
  // Every English page draws ASCII: the core face (preloaded), never the extra one (decision 118).
  expect(await interFilesOf(page, "/")).toEqual(["inter-core-wght-400-600"]);
  // "Café" on the search page: é is in the extra face, so that page fetches it too.
  const files = await interFilesOf(page, `/search/${encodeURIComponent("Café")}`);
  expect(files).toContain("inter-extra-wght-400-600");
  // It is swapped in when it comes: the heading's é is Inter's, not a system é inside an Inter word.
  // The probe goes in after hydration, or React's first render could take the heading back first.
  if (javaScriptEnabled) await hydrated(page);
  await page.evaluate(() => document.fonts.ready);
  await page.locator("h1").evaluate((h1) => {
    h1.innerHTML = h1.innerHTML.replace("é", '<span data-probe="">é</span>');
    h1.getBoundingClientRect(); // laid out before Chromium is asked which font drew it
  });
  expect(Object.keys(await fontsDrawing(page, "[data-probe]"))).toEqual(["Inter"]);
});

test("a Bangla page fetches no Latin face: its few Latin words take the phone's sans-serif", async ({ page }) => {
  // Inter is not in a Bangla page's font stack (decision 121): the Bengali face has the slow line to itself.
  expect(await interFilesOf(page, "/bn")).toEqual([]);
  await page.evaluate(() => document.fonts.ready);
  const brand = await fontsDrawing(page, "header a[href='/bn'] > span");
  expect(Object.keys(brand).length, JSON.stringify(brand)).toBeGreaterThan(0);
  expect(Object.keys(brand).filter((f) => f.includes("Inter"))).toEqual([]);
  // The page's Bangla is the shop's Bengali face, as before (its spaces, as its Latin, the phone's).
  const heading = await fontsDrawing(page, "main h2");
  expect(heading["Noto Sans Bengali"], JSON.stringify(heading)).toBeGreaterThan(3);
  expect(Object.keys(heading).filter((f) => f.includes("Inter"))).toEqual([]);
  const family = (selector: string) => page.locator(selector).evaluate((element) => getComputedStyle(element).fontFamily);
  expect(await family("header a[href='/bn'] > span")).not.toContain("Inter");
  // An English page keeps Inter in its stack, after the taka face (drawn when it comes in time: `optional`).
  await page.goto("/");
  expect(await family("header a[href='/'] > span")).toMatch(/^"?Taka Sign"?, "?Inter Variable"?,/);
});
