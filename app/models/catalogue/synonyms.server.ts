import { catalogueDb, prisma } from "~/models/platform/index.server";
import type { SynonymGroupInput } from "~/schemas/synonyms";

import { catalogueChanged } from "~/models/platform/index.server";
import { notFound, requirePermission, ServiceError, type Actor } from "~/models/platform/index.server";
import { synonymLookup, termKey, withSynonyms, type SearchTerm } from "../../utils/search-terms";

// The synonym table (issue 28 item 22, decision 064): groups of terms a shopper
// types for one thing, kept in PostgreSQL and edited at /admin/synonyms. Search,
// counts and suggestions read it through `searchTerms`, from a copy each process
// keeps for 5 s (like the header's categories), so a search pays no extra query;
// the instance that saves a group uses it at once, the others within 5 s.

export type SynonymGroupDTO = { id: number; terms: string[] };

const TTL_MS = 5_000;
/** Each term's synonyms, and the terms the text search parser keeps whole (one lexeme: SearchTerm's `whole`). */
type Lookup = { synonyms: Map<string, string[][]>; whole: Set<string> };
let copy: { at: number; lookup: Promise<Lookup> } | null = null;
/** The last table read, for when it cannot be read (a search goes on with it, or with none). */
let lastRead: Lookup = { synonyms: new Map(), whole: new Set() };

async function readLookup(db: Pick<typeof prisma, "$queryRaw">): Promise<Lookup> {
  // The parser is asked about each term as it will be searched: a Bangla word is one lexeme in a
  // C-locale database, and may be several in another (then only the full-text index matches it).
  const rows = await db.$queryRaw<{ terms: string[]; whole: string[] }[]>`
    SELECT terms, ARRAY(SELECT t FROM unnest(terms) t WHERE tsvector_to_array(to_tsvector('simple', t)) = ARRAY[t]) AS whole
      FROM "SearchSynonym"`;
  lastRead = { synonyms: synonymLookup(rows.map((r) => r.terms)), whole: new Set(rows.flatMap((r) => r.whole.map(termKey))) };
  return lastRead;
}

function currentLookup(): Promise<Lookup> {
  if (copy && Date.now() - copy.at < TTL_MS) return copy.lookup;
  const lookup = readLookup(catalogueDb).catch((error: unknown) => {
    // A search must not fail because the table is out of reach: as it was last read.
    console.warn(`synonyms: using the last read (${error instanceof Error ? error.message : String(error)})`);
    copy = null;
    return lastRead;
  });
  copy = { at: Date.now(), lookup };
  return lookup;
}

/** The words of a search with their synonyms ("sari" → saree, shari, শাড়ি…). */
export async function searchTerms(words: string[]): Promise<SearchTerm[]> {
  if (words.length === 0) return [];
  const { synonyms, whole } = await currentLookup();
  return withSynonyms(words, synonyms, whole);
}

/** Every group, in the order of its first term (the admin page). */
export async function listSynonymGroups(actor: Actor): Promise<SynonymGroupDTO[]> {
  requirePermission(actor, "read:synonym:any");
  const rows = await prisma.searchSynonym.findMany({ select: { id: true, terms: true } });
  return rows.sort((a, b) => (a.terms[0] ?? "").localeCompare(b.terms[0] ?? "") || a.id - b.id);
}

/**
 * Saves a new group (`id` null) or a group's new terms. A term may be in one
 * group only: "sari" in two would make each search's meaning depend on which
 * group it hit. The check and the write run under a lock on the table, so two
 * admins saving at once cannot both add the same term. A 400 names the clash.
 */
export async function saveSynonymGroup(actor: Actor, id: number | null, input: SynonymGroupInput): Promise<SynonymGroupDTO> {
  requirePermission(actor, "update:synonym:any");
  const saved = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`LOCK TABLE "SearchSynonym" IN SHARE ROW EXCLUSIVE MODE`;
    const others = await tx.searchSynonym.findMany({ where: id === null ? {} : { id: { not: id } }, select: { terms: true } });
    if (id !== null && !(await tx.searchSynonym.findUnique({ where: { id }, select: { id: true } }))) throw notFound("Synonym group");
    const taken = new Map(others.flatMap((g) => g.terms.map((t) => [termKey(t), g.terms] as const)));
    const clashes = input.terms.flatMap((term) => {
      const group = taken.get(termKey(term));
      return group ? [`“${term}” is already in the group “${group.join(", ")}”`] : [];
    });
    if (clashes.length > 0) throw new ServiceError(400, clashes[0]!, { terms: clashes });
    const data = { terms: input.terms };
    return id === null
      ? tx.searchSynonym.create({ data, select: { id: true, terms: true } })
      : tx.searchSynonym.update({ where: { id }, data, select: { id: true, terms: true } });
  });
  await changed();
  return saved;
}

export async function deleteSynonymGroup(actor: Actor, id: number): Promise<void> {
  requirePermission(actor, "delete:synonym:any");
  const { count } = await prisma.searchSynonym.deleteMany({ where: { id } });
  if (count === 0) throw notFound("Synonym group");
  await changed();
}

/**
 * After a change: this process searches with the new table at once (read from
 * the primary, which has it), and every cached search page and suggestion is
 * dropped, here, on the other instances and in Varnish (the "search" tag).
 */
async function changed() {
  copy = { at: Date.now(), lookup: readLookup(prisma) };
  await copy.lookup.catch(() => (copy = null));
  catalogueChanged(["search"]);
}
