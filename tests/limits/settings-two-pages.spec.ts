import { expect, test, type Page } from "../support/fixtures";

import { adminPage } from "../support/admin-mail";

// Two settings pages open at once (decision 107): a save from the page opened first must not put
// back what the other page saved since. Shop-wide settings, so this runs in the serial "limits"
// project; it touches only the phone record's percentage and the RedX switch, which no other
// test there reads, and puts both back.

const RISKY = "Risky below this delivered share (percent)";

async function save(page: Page) {
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
}

for (const js of [true, false]) {
  test(`a page opened earlier keeps the other page's change (JavaScript ${js ? "on" : "off"})`, async ({ browser, baseURL }) => {
    const first = await adminPage(browser, baseURL!, js);
    const second = await adminPage(browser, baseURL!, js);
    await first.goto("/admin/settings");
    await second.goto("/admin/settings");
    const percent = await first.getByLabel(RISKY, { exact: true }).inputValue();
    const changed = String(Number(percent) === 71 ? 72 : 71);

    await second.getByLabel(RISKY, { exact: true }).fill(changed);
    await save(second);
    await first.getByRole("checkbox", { name: "RedX on" }).uncheck();
    await save(first);

    await first.goto("/admin/settings");
    await expect(first.getByLabel(RISKY, { exact: true })).toHaveValue(changed);
    await expect(first.getByRole("checkbox", { name: "RedX on" })).not.toBeChecked();

    // Back as the suite had them.
    await first.getByLabel(RISKY, { exact: true }).fill(percent);
    await first.getByRole("checkbox", { name: "RedX on" }).check();
    await save(first);
    await first.context().close();
    await second.context().close();
  });
}
