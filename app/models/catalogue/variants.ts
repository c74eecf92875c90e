import type { ColorDTO, VariantDTO } from "./product-shape.server";

// The variant rules in one place (issue 38, docs/decisions/091): a product's stock rows are its variants,
// keyed by (size, colour); colour null means the product has no colours and behaves as before variants.

export type VariantRow = { id: number; size: string; quantity: number; colorId: number | null };
export type ColorRow = { id: number; name: string; nameBn: string | null; hex: string; images: string[] };
type Stocked = { sizes: VariantRow[]; colors: ColorRow[] };

/** A variant's SKU: its row id, which never changes when a colour or size is renamed. */
export const skuOf = (id: number) => `TB-${id}`;

/** Each size's stock summed over its colours, in the order sizes first appear (the seed API's `sizes`). */
export function sizeTotals(rows: VariantRow[]): { size: string; quantity: number }[] {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.size, (totals.get(r.size) ?? 0) + r.quantity);
  return [...totals].map(([size, quantity]) => ({ size, quantity }));
}

/** The variants as the API gives them, colour by colour in the colours' order. */
export function variantDTOs(p: Stocked): VariantDTO[] {
  const colorById = new Map(p.colors.map((c, i) => [c.id, { ...c, i }]));
  const rows = [...p.sizes].sort((a, b) => (a.colorId === null ? -1 : colorById.get(a.colorId)!.i) - (b.colorId === null ? -1 : colorById.get(b.colorId)!.i));
  return rows.map((r) => {
    const c = r.colorId === null ? null : colorById.get(r.colorId)!;
    return { sku: skuOf(r.id), color: c?.name ?? null, colorBn: c?.nameBn ?? null, hex: c?.hex ?? null, size: r.size, quantity: r.quantity };
  });
}

export const colorDTOs = (p: Stocked): ColorDTO[] => p.colors.map(({ name, nameBn, hex, images }) => ({ name, nameBn, hex, images }));

/** Colour names compare without case or outer spaces: "navy" names "Navy". */
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The colour a line names, by English or Bangla name; null when the product has none of that name. */
export function findColor(p: Stocked, name: string): ColorRow | null {
  return p.colors.find((c) => sameName(c.name, name) || (c.nameBn !== null && sameName(c.nameBn, name))) ?? null;
}

export type VariantPick =
  { ok: true; variant: VariantRow; color: ColorRow | null } | { ok: false; reason: "no-such-color" | "color-required" | "no-such-size" };

/**
 * The variant a line names. A product without colours takes no colour (or an empty one); a product
 * with colours needs one of its own. A size the colour lacks is "no-such-size", as a removed size was.
 */
export function pickVariant(p: Stocked, size: string, color?: string | null): VariantPick {
  const wanted = color?.trim() ? color : null;
  if (p.colors.length === 0 || wanted === null) {
    if (wanted !== null) return { ok: false, reason: "no-such-color" };
    if (p.colors.length > 0) return { ok: false, reason: "color-required" };
    const variant = p.sizes.find((s) => s.colorId === null && s.size === size);
    return variant ? { ok: true, variant, color: null } : { ok: false, reason: "no-such-size" };
  }
  const c = findColor(p, wanted);
  if (!c) return { ok: false, reason: "no-such-color" };
  const variant = p.sizes.find((s) => s.colorId === c.id && s.size === size);
  return variant ? { ok: true, variant, color: c } : { ok: false, reason: "no-such-size" };
}
