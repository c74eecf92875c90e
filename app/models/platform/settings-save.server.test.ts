import { beforeEach, describe, expect, it } from "vitest";

import { DEFAULT_SETTINGS, getSettings, openedSettings, resetSettings, saveChangedSettings } from "~/models/platform/index.server";
import { testAdmin } from "../../../tests/support/actors";

// Two admins (or two tabs) with the settings page open (decision 107): each save writes only what
// that admin changed, so a save from a page opened earlier does not put the other's change back.
// This file's database is its own, so it starts from the built-in values.
beforeEach(async () => {
  await resetSettings(testAdmin);
});

describe("saving the settings page", () => {
  it("keeps another admin's change made after this page was opened", async () => {
    const opened = await getSettings();
    // Admin A turns the review hold on; admin B, on a page opened before that, tightens a limit.
    expect(await saveChangedSettings(testAdmin, { ...opened, holdUnverifiedReviews: true }, opened)).toEqual(["holdUnverifiedReviews"]);
    expect(await saveChangedSettings(testAdmin, { ...opened, ordersPerPhonePerDay: 3 }, opened)).toEqual(["ordersPerPhonePerDay"]);
    expect(await getSettings()).toMatchObject({ holdUnverifiedReviews: true, ordersPerPhonePerDay: 3 });
  });

  it("writes nothing when nothing was changed, and everything when the page did not say what it showed", async () => {
    const opened = await getSettings();
    await saveChangedSettings(testAdmin, { ...opened, holdUnverifiedReviews: true }, opened);
    expect(await saveChangedSettings(testAdmin, opened, opened)).toEqual([]);
    expect((await getSettings()).holdUnverifiedReviews).toBe(true);
    expect(await saveChangedSettings(testAdmin, DEFAULT_SETTINGS, null)).toHaveLength(Object.keys(DEFAULT_SETTINGS).length);
    expect((await getSettings()).holdUnverifiedReviews).toBe(false);
  });

  it("reads the posted page values, and ignores junk", () => {
    expect(openedSettings(JSON.stringify({ ...DEFAULT_SETTINGS, holdUnverifiedReviews: true }))).toMatchObject({ holdUnverifiedReviews: true });
    expect(openedSettings("{not json")).toBeNull();
    expect(openedSettings(JSON.stringify({ ordersPerPhonePerDay: -4 }))).toBeNull();
    expect(openedSettings(null)).toBeNull();
  });
});
