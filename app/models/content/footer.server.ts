import { requirePermission, type Actor } from "~/models/platform/index.server";
import { Prisma } from "@prisma/client";

import type { Lang } from "~/i18n/languages";
import type { FooterInput } from "~/schemas/footer";
import { catalogueDb, prisma } from "~/models/platform/index.server";
import { sanitizeHtml } from "~/models/platform/index.server";

import { inLanguage, sanitizedOrNull } from "~/models/catalogue/index.server";
import { catalogueChanged } from "~/models/platform/index.server";
import { tagPage } from "~/models/platform/index.server";
import { notFound } from "~/models/platform/index.server";
import { dropLayoutCache } from "./layout.server";

// Footer information pages (About, Delivery, Returns…): admin-written rich text
// that every visitor sees, so the HTML is sanitized before it is stored.

/** The API's page carries the Bangla text (null: none); a page in a language has title and text in it only. */
export type FooterDTO = { id: number; title: string; titleBn?: string | null; description: string; descriptionBn?: string | null };

const select = { id: true, title: true, titleBn: true, description: true, descriptionBn: true } as const;
const missing = () => notFound("Footer page");

type FooterRow = { id: number; title: string; titleBn: string | null; description: string; descriptionBn: string | null };

function inPageLanguage(row: FooterRow, lang?: Lang): FooterDTO {
  if (!lang) return row;
  return { id: row.id, title: inLanguage(lang, row.title, row.titleBn), description: inLanguage(lang, row.description, row.descriptionBn) };
}

const stored = (input: FooterInput) => ({
  title: input.title,
  titleBn: input.titleBn ?? null,
  description: sanitizeHtml(input.description),
  descriptionBn: sanitizedOrNull(input.descriptionBn ?? null),
});

export function listFooterPages(): Promise<FooterDTO[]> {
  return catalogueDb.footerPage.findMany({ select, orderBy: { id: "asc" } });
}

/** A footer page; with `lang`, as the page in that language shows it. */
export async function getFooterPage(id: number, lang?: Lang): Promise<FooterDTO> {
  const row = await catalogueDb.footerPage.findUnique({ where: { id }, select });
  if (!row) throw missing();
  tagPage([`footer:${id}`]);
  return inPageLanguage(row, lang);
}

export async function createFooterPage(actor: Actor, input: FooterInput): Promise<FooterDTO> {
  requirePermission(actor, "create:footer:any");
  const row = await prisma.footerPage.create({ data: stored(input), select });
  dropLayoutCache();
  // Every page's footer lists the pages by title.
  catalogueChanged(["catalogue"]);
  return row;
}

export async function updateFooterPage(actor: Actor, id: number, input: FooterInput): Promise<FooterDTO> {
  requirePermission(actor, "update:footer:any");
  try {
    const row = await prisma.footerPage.update({
      where: { id },
      data: stored(input),
      select,
    });
    dropLayoutCache();
    catalogueChanged([`footer:${id}`, "catalogue"]);
    return row;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw missing();
    throw error;
  }
}

export async function deleteFooterPage(actor: Actor, id: number): Promise<{ message: string }> {
  requirePermission(actor, "delete:footer:any");
  const { count } = await prisma.footerPage.deleteMany({ where: { id } });
  dropLayoutCache();
  if (count === 0) throw missing();
  catalogueChanged([`footer:${id}`, "catalogue"]);
  return { message: "Footer page deleted" };
}

/** Every footer page's id and last change, in id order, for the sitemap. */
export async function footerPageDates(): Promise<{ id: number; updatedAt: Date }[]> {
  return catalogueDb.footerPage.findMany({ orderBy: { id: "asc" }, select: { id: true, updatedAt: true } });
}
