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
  await prisma.$transaction(
    Object.entries(valid).map(([key, value]) => prisma.shopSetting.upsert({ where: { key }, create: { key, value }, update: { value } })),
  );
  cache.clear();
  return valid;
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
