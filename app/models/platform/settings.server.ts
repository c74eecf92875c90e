import { prisma } from "~/utils/db.server";
import { processCache } from "~/utils/ttl-cache.server";
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

const cache = processCache(10_000, async (): Promise<ShopSettings> => {
  try {
    lastRead = await readSettings();
  } catch (error) {
    // A page must not fail because the settings row is out of reach: the last values, or the defaults.
    // Checkout cannot happen without the primary anyway, so no limit is loosened by this.
    console.warn(`settings: using ${lastRead ? "the last read" : "the defaults"} (${error instanceof Error ? error.message : String(error)})`);
    return lastRead ?? DEFAULT_SETTINGS;
  }
  return lastRead;
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

export function getSettings(): Promise<ShopSettings> {
  return cache.get();
}

/** Saves the settings (admin; the route checks who asks) and uses them at once on this instance. */
export async function saveSettings(settings: ShopSettings): Promise<ShopSettings> {
  const valid = shopSettingsSchema.parse(settings);
  await prisma.$transaction(
    Object.entries(valid).map(([key, value]) =>
      prisma.shopSetting.upsert({ where: { key }, create: { key, value }, update: { value } }),
    ),
  );
  cache.clear();
  return valid;
}

/** Back to the built-in values (tests, and an admin's "Reset to defaults"). */
export async function resetSettings(): Promise<void> {
  await prisma.shopSetting.deleteMany({});
  cache.clear();
}

/** Drops this instance's copy (tests that change settings behind its back). */
export function forgetSettings() {
  cache.clear();
}
