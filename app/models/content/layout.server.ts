import type { Lang } from "~/i18n/languages";
import { catalogueDb } from "~/models/platform/index.server";
import { processCache } from "~/models/platform/index.server";

import { inLanguage, menuCategories } from "~/models/catalogue/index.server";
import { onCatalogueChange } from "~/models/platform/index.server";

/** How long a process keeps the header categories and footer links (docs/performance.md). */
export const LAYOUT_TTL_MS = 5_000;

// Both languages' names are cached together; each request picks its own, so a Bangla page never
// waits on a second read and the two can never disagree about which categories exist.
const layout = processCache(LAYOUT_TTL_MS, async () => {
  const [categories, footerPages] = await Promise.all([
    menuCategories(),
    catalogueDb.footerPage.findMany({ orderBy: { id: "asc" }, select: { id: true, title: true, titleBn: true } }),
  ]);
  return { categories, footerPages };
});

/** Call after any write to categories or footer pages, so this instance shows it at once. */
export function dropLayoutCache() {
  layout.clear();
}

// Writers elsewhere (catalogue's categories) only announce the change ("catalogue": what every
// page lists); the layout drops its copy then, so no other domain reaches into this cache.
onCatalogueChange((tags) => {
  if (tags.includes("catalogue")) layout.clear();
});

/**
 * Header categories and footer links, shown on every page: the same for every
 * visitor and rarely changed, so read once per LAYOUT_TTL_MS, not per page.
 * Names and titles are in the page's language.
 */
export async function getLayoutData(lang: Lang) {
  try {
    const { categories, footerPages } = await layout.get();
    return {
      categories: categories.map((c) => ({ id: c.id, name: inLanguage(lang, c.name, c.nameBn) })),
      footerPages: footerPages.map((p) => ({ id: p.id, title: inLanguage(lang, p.title, p.titleBn) })),
    };
  } catch (error) {
    // The spec: failures fetching header categories are only logged, not shown.
    console.error("Failed to load header categories and footer pages", error);
    return { categories: [] as { id: number; name: string }[], footerPages: [] as { id: number; title: string }[] };
  }
}
