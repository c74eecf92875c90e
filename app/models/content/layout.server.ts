import { catalogueDb } from "~/utils/db.server";
import { processCache } from "~/utils/ttl-cache.server";

/** How long a process keeps the header categories and footer links (README, "Performance"). */
export const LAYOUT_TTL_MS = 5_000;

const layout = processCache(LAYOUT_TTL_MS, async () => {
  const [categories, footerPages] = await Promise.all([
    catalogueDb.category.findMany({ where: { id: { not: 1 } }, orderBy: { id: "asc" }, select: { id: true, name: true } }),
    catalogueDb.footerPage.findMany({ orderBy: { id: "asc" }, select: { id: true, title: true } }),
  ]);
  return { categories, footerPages };
});

/** Call after any write to categories or footer pages, so this instance shows it at once. */
export function dropLayoutCache() {
  layout.clear();
}

/**
 * Header categories and footer links, shown on every page: the same for every
 * visitor and rarely changed, so read once per LAYOUT_TTL_MS, not per page.
 */
export async function getLayoutData() {
  try {
    return await layout.get();
  } catch (error) {
    // The spec: failures fetching header categories are only logged, not shown.
    console.error("Failed to load header categories and footer pages", error);
    return { categories: [] as { id: number; name: string }[], footerPages: [] as { id: number; title: string }[] };
  }
}
