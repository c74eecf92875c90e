import { prisma } from "~/utils/db.server";

/** Header categories and footer links, shown on every page. */
export async function getLayoutData() {
  const [categories, footerPages] = await Promise.all([
    prisma.category
      .findMany({ where: { id: { not: 1 } }, orderBy: { id: "asc" }, select: { id: true, name: true } })
      .catch((error: unknown) => {
        // The spec: failures fetching header categories are only logged, not shown.
        console.error("Failed to load header categories", error);
        return [] as { id: number; name: string }[];
      }),
    prisma.footerPage
      .findMany({ orderBy: { id: "asc" }, select: { id: true, title: true } })
      .catch((error: unknown) => {
        console.error("Failed to load footer pages", error);
        return [] as { id: number; title: string }[];
      }),
  ]);
  return { categories, footerPages };
}
