import { expect, test } from "../support/fixtures";

// What a phone downloads before the home page is interactive (issue 42,
// decision 083): every script, the locale chunk included, counted as it
// travels (compressed body and response headers, as Lighthouse's script
// transfer size counts it). The budget is the README's: at most 8 files and
// 100 KB. Without JavaScript nothing is fetched (scripts-after-load.spec.ts).
const MAX_FILES = 8;
const MAX_KB = 100;

test("the home page hydrates from at most 8 scripts and 100 KB", async ({ page }) => {
  test.skip(test.info().project.name !== "js-on", "only a page with scripts fetches them");
  const sizes: Promise<{ url: string; bytes: number }>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    sizes.push(request.sizes().then((s) => ({ url: request.url(), bytes: s.responseHeadersSize + s.responseBodySize })));
  });
  await page.goto("/");
  // Remix puts its router on window as it hydrates; the locale chunk comes before that.
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.waitForLoadState("networkidle");
  const scripts = await Promise.all(sizes);
  const kb = scripts.reduce((n, s) => n + s.bytes, 0) / 1024;
  const list = scripts.map((s) => `${(s.bytes / 1024).toFixed(1)} KB ${new URL(s.url).pathname}`).join("\n");
  expect(scripts.length, `script requests:\n${list}`).toBeLessThanOrEqual(MAX_FILES);
  expect(kb, `KB transferred:\n${list}`).toBeLessThanOrEqual(MAX_KB);
});
