import { catalogueDb } from "~/models/platform/index.server";

// ?color= may name a colour by its id (issue 38); list pages show and link it by name.

const isId = (v: string) => /^[0-9]{1,9}$/.test(v);

/**
 * The picked colours with each id replaced by its colour's English name (an unknown id is
 * dropped), or null when none is an id. Pages redirect to the named form, so a colour's list has
 * one address in the page cache and its checkbox and chip show its name.
 */
export async function colourIdsToNames(picked: string[]): Promise<string[] | null> {
  const ids = picked.filter(isId).map(Number);
  if (ids.length === 0) return null;
  const rows = await catalogueDb.productColor.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  const names = new Map(rows.map((r) => [String(r.id), r.name]));
  const out: string[] = [];
  for (const v of picked) {
    const name = isId(v) ? names.get(v) : v;
    if (name && !out.some((o) => o.toLowerCase() === name.toLowerCase())) out.push(name);
  }
  return out;
}
