import { expect, test } from "../support/fixtures";

// A phone on mobile data gets the page's picture and text before its
// JavaScript (issue 29, decision 059): the scripts are fetched after the
// page's load event and its first paint, and the page then hydrates, from the cache and rendered,
// in English and in Bangla. Without JavaScript there is nothing to fetch.

for (const path of ["/", "/bn", "/product/1", "/search/panjabi"]) {
  test(`${path}: scripts load after the page has, then the page hydrates`, async ({ page, javaScriptEnabled }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto(path);
    if (!javaScriptEnabled) {
      expect(scripts, "no script is fetched without JavaScript").toEqual([]);
      return;
    }
    // Remix puts its router on window as it hydrates the page.
    await page.waitForFunction(() => "__remixRouter" in window);
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const js = performance.getEntriesByType("resource").filter((e) => /\/build\/.*\.js$/.test(e.name));
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      return { loadEventStart: nav.loadEventStart, paint: paint.startTime, firstScript: Math.min(...js.map((e) => e.startTime)), count: js.length };
    });
    expect(timing.count).toBeGreaterThan(3);
    expect(timing.firstScript, "the first script starts after the load event").toBeGreaterThanOrEqual(timing.loadEventStart);
    // …and after the first paint, which on a busy phone can come after load (decision 120).
    expect(timing.firstScript, "the first script starts after the first contentful paint").toBeGreaterThanOrEqual(timing.paint);
  });
}

// A busy phone's first paint can come after its load event: every picture in, the first layout still
// running. Here the page stays blank until 300 ms after load; its scripts still wait for the paint.
test("scripts wait for a first paint that comes after load", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript there is nothing to wait for");
  // An adopted stylesheet, so the document React hydrates is the one the server sent.
  await page.addInitScript(() => {
    const blank = new CSSStyleSheet();
    blank.replaceSync("html { visibility: hidden }");
    document.adoptedStyleSheets = [blank];
    addEventListener("load", () => setTimeout(() => blank.replaceSync(""), 300));
  });
  await page.goto("/");
  await page.waitForFunction(() => "__remixRouter" in window);
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const js = performance.getEntriesByType("resource").filter((e) => /\/build\/.*\.js$/.test(e.name));
    return {
      load: nav.loadEventEnd,
      paint: performance.getEntriesByName("first-contentful-paint")[0].startTime,
      firstScript: Math.min(...js.map((e) => e.startTime)),
    };
  });
  expect(timing.paint, "the page painted after its load event").toBeGreaterThan(timing.load + 250);
  expect(timing.firstScript, "the first script starts after the first contentful paint").toBeGreaterThanOrEqual(timing.paint);
});
