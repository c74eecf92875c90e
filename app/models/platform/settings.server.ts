import { type Prisma } from "@prisma/client";

import { requirePermission, type Actor } from "./permissions";
import { prisma } from "~/models/platform/db.server";
import { processCache } from "~/models/platform/ttl-cache.server";
import { shopSettingsSchema, type ShopSettings } from "~/schemas/settings";

// Settings an admin changes at /admin/settings: the order limits and which
// cash-on-delivery orders must be confirmed (issue 26, decision 055). Kept in
// PostgreSQL so every instance uses the same values; each instance reads them
// at most every 10 s (the instance that saves them at once), so checkout pays
// no extra query.

export type { ShopSettings } from "~/schemas/settings";

/** The built-in values: generous for a real shopper, tight for a script. */
export const DEFAULT_SETTINGS: ShopSettings = shopSettingsSchema.parse({});

/** The last settings read, for when the primary cannot be read (the catalogue goes on from a replica: issue 31). */
let lastRead: ShopSettings | null = null;

/** The values, and whether they came from the database just now (false: the last read, or the defaults). */
type Loaded = { settings: ShopSettings; fresh: boolean };

const cache = processCache(10_000, async (): Promise<Loaded> => {
  try {
    lastRead = await readSettings();
    return { settings: lastRead, fresh: true };
  } catch (error) {
    // A page must not fail because the settings row is out of reach: the last values, or the defaults.
    console.warn(`settings: using ${lastRead ? "the last read" : "the defaults"} (${error instanceof Error ? error.message : String(error)})`);
    return { settings: lastRead ?? DEFAULT_SETTINGS, fresh: false };
  }
});

async function readSettings(): Promise<ShopSettings> {
  const rows = await prisma.shopSetting.findMany({ select: { key: true, value: true } });
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  // A row an older or newer version wrote that no longer parses falls back to its default.
  const parsed = shopSettingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [key, value] of Object.entries(stored)) {
    const one = shopSettingsSchema.safeParse({ [key]: value });
    if (one.success && key in one.data) out[key] = (one.data as Record<string, unknown>)[key];
  }
  return out as ShopSettings;
}

export async function getSettings(): Promise<ShopSettings> {
  return (await cache.get()).settings;
}

/**
 * The settings an order is checked against: never a stand-in. If the cached
 * values are the fallback of an outage, they are read again (an order needs
 * the database anyway), so checkout right after an outage uses the admin's
 * limits, not the defaults.
 */
export async function getSettingsForCheckout(): Promise<ShopSettings> {
  const loaded = await cache.get();
  if (loaded.fresh) return loaded.settings;
  cache.clear();
  return (await cache.get()).settings;
}

/** Saves the settings (admin; the route checks who asks) and uses them at once on this instance. */
export async function saveSettings(actor: Actor, settings: ShopSettings): Promise<ShopSettings> {
  requirePermission(actor, "update:settings:any");
  const valid = shopSettingsSchema.parse(settings);
  await writeSettings(Object.entries(valid));
  return valid;
}

/**
 * Saves only the settings the admin changed on a page opened with `opened` (decision 107). The
 * page posts every field, so saving them all would put back, from a stale page, what another
 * admin (or tab) saved since it was opened: a limits edit silently turned the review hold off
 * again. Without `opened` (a page from before this field), everything is saved as before.
 * Returns the keys written.
 */
export async function saveChangedSettings(actor: Actor, submitted: ShopSettings, opened: ShopSettings | null): Promise<string[]> {
  requirePermission(actor, "update:settings:any");
  const valid = shopSettingsSchema.parse(submitted);
  const same = (key: string, value: unknown) => opened !== null && JSON.stringify(opened[key as keyof ShopSettings]) === JSON.stringify(value);
  const changed = Object.entries(valid).filter(([key, value]) => !same(key, value));
  await writeSettings(changed);
  return changed.map(([key]) => key);
}

/** The values a settings page was opened with, as it posts them back; null if absent or unreadable. */
export function openedSettings(raw: unknown): ShopSettings | null {
  if (typeof raw !== "string" || raw === "") return null;
  try {
    const parsed = shopSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function writeSettings(entries: [string, Prisma.InputJsonValue][]) {
  if (entries.length === 0) return;
  await prisma.$transaction(entries.map(([key, value]) => prisma.shopSetting.upsert({ where: { key }, create: { key, value }, update: { value } })));
  cache.clear();
}

/** Back to the built-in values (tests, and an admin's "Reset to defaults"). */
export async function resetSettings(actor: Actor): Promise<void> {
  requirePermission(actor, "update:settings:any");
  await prisma.shopSetting.deleteMany({});
  cache.clear();
}

/** Drops this instance's copy (tests that change settings behind its back). */
export function forgetSettings() {
  cache.clear();
}
