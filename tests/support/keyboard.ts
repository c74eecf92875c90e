import { expect, type Locator, type Page } from "@playwright/test";

/** Presses Tab until `target` has the focus (as a keyboard-only shopper would), failing after `max` presses. */
export async function tabTo(page: Page, target: Locator, { max = 80, backwards = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/**
 * Whether the focused control shows where the keyboard is: an outline or ring
 * that is not transparent, on the control itself or, for a visually hidden
 * radio drawn as a button, on its label.
 */
export async function expectVisibleFocus(page: Page) {
  // Polled: buttons fade their ring in with a short CSS transition. The
  // focused element's markup is what fails, so the report names it.
  await expect
    .poll(
      async () => {
        const shown = await focusShown(page);
        return shown.ok ? "visible" : shown.what;
      },
      { timeout: 2_000 },
    )
    .toBe("visible");
}

function focusShown(page: Page) {
  return page.evaluate(() => {
    const visible = (el: Element | null) => {
      if (!el) return false;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 && !/rgba\(.*,\s*0\)$|transparent/.test(style.outlineColor);
      const ring = style.boxShadow !== "none" && !/^(rgba\(0, 0, 0, 0\) 0px 0px 0px 0px,?\s*)+$/.test(style.boxShadow);
      return outline || ring;
    };
    const el = document.activeElement;
    if (!el || el === document.body) return { ok: false, what: "nothing focused" };
    const label = el instanceof HTMLInputElement ? (el.labels?.[0] ?? null) : null;
    return { ok: visible(el) || visible(label), what: el.outerHTML.slice(0, 120) };
  });
}

/**
 * Past the header the way a keyboard shopper goes: the first Tab stop of a freshly loaded page
 * is "Skip to content", and Enter on it moves the keyboard to the page's main content. (Tabbing
 * through the category bar instead would take one press per category, however many there are.)
 */
export async function skipToContent(page: Page) {
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
}
