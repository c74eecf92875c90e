import { Prisma } from "@prisma/client";

import type { FooterInput } from "~/schemas/footer";
import { catalogueDb, prisma } from "~/utils/db.server";
import { sanitizeHtml } from "~/utils/sanitize.server";

import { catalogueChanged } from "../platform/cache-events.server";
import { tagPage } from "../platform/page-tags.server";
import { notFound } from "../platform/errors.server";
import { dropLayoutCache } from "./layout.server";

// Footer information pages (About, Delivery, Returns…): admin-written rich text
// that every visitor sees, so the HTML is sanitized before it is stored.

export type FooterDTO = { id: number; title: string; description: string };

const select = { id: true, title: true, description: true } as const;
const missing = () => notFound("Footer page");

export function listFooterPages(): Promise<FooterDTO[]> {
  return catalogueDb.footerPage.findMany({ select, orderBy: { id: "asc" } });
}

export async function getFooterPage(id: number): Promise<FooterDTO> {
  const row = await catalogueDb.footerPage.findUnique({ where: { id }, select });
  if (!row) throw missing();
  tagPage([`footer:${id}`]);
  return row;
}

export async function createFooterPage(input: FooterInput): Promise<FooterDTO> {
  const row = await prisma.footerPage.create({
    data: { title: input.title, description: sanitizeHtml(input.description) },
    select,
  });
  dropLayoutCache();
  // Every page's footer lists the pages by title.
  catalogueChanged(["catalogue"]);
  return row;
}

export async function updateFooterPage(id: number, input: FooterInput): Promise<FooterDTO> {
  try {
    const row = await prisma.footerPage.update({
      where: { id },
      data: { title: input.title, description: sanitizeHtml(input.description) },
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

export async function deleteFooterPage(id: number): Promise<{ message: string }> {
  const { count } = await prisma.footerPage.deleteMany({ where: { id } });
  dropLayoutCache();
  if (count === 0) throw missing();
  catalogueChanged([`footer:${id}`, "catalogue"]);
  return { message: "Footer page deleted" };
}
