import { expect, type Page } from "@playwright/test";

/**
 * Presses a button that asks "Are you sure?": with JavaScript the browser's
 * dialog is accepted; without, the page's confirmation step is.
 */
export async function confirmClick(page: Page, js: boolean, button: ReturnType<Page["getByRole"]>, stepButton: string) {
  if (js) {
    // After hydration the form carries confirmed=yes and asks through confirm().
    await expect(page.locator('input[name="confirmed"]').first()).toBeAttached();
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Are you sure?");
      void dialog.accept();
    });
    await button.click();
  } else {
    await button.click();
    await expect(page.getByRole("heading", { name: "Are you sure?" })).toBeVisible();
    await page.getByRole("button", { name: stepButton }).click();
  }
}
