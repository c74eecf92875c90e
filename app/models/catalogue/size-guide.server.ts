import { catalogueChanged, catalogueDb, notFound, prisma, requirePermission, type Actor } from "~/models/platform/index.server";
import type { SizeGuideInput } from "~/schemas/size-guide";

// A category's size guide (issue 38): read by its public page, written by the admin.

export async function getSizeGuide(categoryId: number) {
  const row = await catalogueDb.category.findUnique({
    where: { id: categoryId },
    select: { id: true, name: true, nameBn: true, sizeGuide: true, sizeGuideBn: true },
  });
  if (!row) throw notFound("Category");
  return row;
}

export async function saveSizeGuide(actor: Actor, categoryId: number, input: SizeGuideInput) {
  requirePermission(actor, "update:category:any");
  const { count } = await prisma.category.updateMany({ where: { id: categoryId }, data: { sizeGuide: input.sizeGuide, sizeGuideBn: input.sizeGuideBn } });
  if (count === 0) throw notFound("Category");
  catalogueChanged([`category:${categoryId}`]);
  return getSizeGuideFromPrimary(categoryId);
}

const getSizeGuideFromPrimary = (id: number) =>
  prisma.category.findUniqueOrThrow({ where: { id }, select: { id: true, name: true, nameBn: true, sizeGuide: true, sizeGuideBn: true } });
