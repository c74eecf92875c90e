import { expect, test } from "../support/fixtures";

// A phone on mobile data gets the page's picture and text before its
// JavaScript (issue 29, decision 059): the scripts are fetched after the
// page's load event, and the page then hydrates, from the cache and rendered,
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
      return { loadEventStart: nav.loadEventStart, firstScript: Math.min(...js.map((e) => e.startTime)), count: js.length };
    });
    expect(timing.count).toBeGreaterThan(3);
    expect(timing.firstScript, "the first script starts after the load event").toBeGreaterThanOrEqual(timing.loadEventStart);
  });
}
