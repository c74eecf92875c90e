import type { Page } from "@playwright/test";

/**
 * Screenshots at 390 and 1280 px to look at while changing a screen: taken only with
 * SHOTS_DIR=/some/dir, so the suite itself spends no time on them.
 */
export async function shot(page: Page, name: string, js: boolean) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}-${js ? "js" : "nojs"}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
