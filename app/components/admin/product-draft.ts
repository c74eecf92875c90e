import { MAX_ADDITIONAL_IMAGES, TOO_MANY_IMAGES } from "~/schemas/product";

// The product editor's unsaved state and the edits made to it. Pure, so the
// browser (JavaScript on: edits happen locally) and the page action
// (JavaScript off: each button posts an intent) apply the very same rules.

export type SizeRow = { size: string; quantity: string };
export type ProductDraft = {
  name: string;
  /** Bangla name and description for /bn pages; "" when there is none. */
  nameBn: string;
  price: string;
  brand: string;
  categoryId: string;
  description: string;
  descriptionBn: string;
  image: string;
  additionalImages: string[];
  sizes: SizeRow[];
  /** "draft" or "active"; the schema refuses anything else. */
  status: string;
};
/** Errors keyed by field name as the form names them ("sizes[1].size", "" for the whole form). */
export type DraftErrors = Record<string, string[]>;

/** What the editor's action answers short of a redirect: the unsaved draft and what is wrong with it. */
export type ProductEditorActionData = {
  draft: ProductDraft | null;
  errors: DraftErrors;
  pending?: { size: string; quantity: string } | null;
};

export { MAX_ADDITIONAL_IMAGES, TOO_MANY_IMAGES };

export function draftFromProduct(p: {
  name: string;
  nameBn?: string | null;
  originalPrice: number;
  brand: string;
  categoryId: number;
  description: string;
  descriptionBn?: string | null;
  image: string;
  additionalImages: string[];
  sizes: { size: string; quantity: number }[];
  status: string;
}): ProductDraft {
  return {
    name: p.name,
    nameBn: p.nameBn ?? "",
    price: String(p.originalPrice),
    brand: p.brand,
    categoryId: String(p.categoryId),
    description: p.description,
    descriptionBn: p.descriptionBn ?? "",
    image: p.image,
    additionalImages: [...p.additionalImages],
    sizes: p.sizes.map((s) => ({ size: s.size, quantity: String(s.quantity) })),
    status: p.status,
  };
}

const text = (fd: FormData, name: string) => {
  const v = fd.get(name);
  return typeof v === "string" ? v : "";
};

/** Values of `prefix[i]…` fields in index order (a form may post them in any order). */
function indexed(fd: FormData, pattern: RegExp): Map<number, Map<string, string>> {
  const out = new Map<number, Map<string, string>>();
  for (const [key, value] of fd.entries()) {
    const m = pattern.exec(key);
    if (!m || typeof value !== "string") continue;
    const i = Number(m[1]);
    if (!out.has(i)) out.set(i, new Map());
    out.get(i)!.set(m[2] ?? "", value);
  }
  return new Map([...out.entries()].sort(([a], [b]) => a - b));
}

export function readDraft(fd: FormData): ProductDraft {
  const images = indexed(fd, /^additionalImages\[(\d{1,2})\]()$/);
  const sizes = indexed(fd, /^sizes\[(\d{1,2})\]\.(size|quantity)$/);
  return {
    name: text(fd, "name"),
    nameBn: text(fd, "nameBn"),
    price: text(fd, "price"),
    brand: text(fd, "brand"),
    categoryId: text(fd, "categoryId"),
    description: text(fd, "description"),
    descriptionBn: text(fd, "descriptionBn"),
    image: text(fd, "image"),
    additionalImages: [...images.values()].map((m) => m.get("") ?? "").filter(Boolean),
    sizes: [...sizes.values()].map((m) => ({ size: m.get("size") ?? "", quantity: m.get("quantity") ?? "" })),
    status: text(fd, "status"),
  };
}

/** The draft as the form would post it, for `parseWithZod` with the product schema. */
export function draftFormData(d: ProductDraft): FormData {
  const fd = new FormData();
  for (const key of ["name", "nameBn", "price", "brand", "categoryId", "description", "descriptionBn", "image"] as const) fd.set(key, d[key]);
  // No status field (an old form, a script): the product keeps its status.
  if (d.status) fd.set("status", d.status);
  d.additionalImages.forEach((url, i) => fd.set(`additionalImages[${i}]`, url));
  d.sizes.forEach((s, i) => {
    fd.set(`sizes[${i}].size`, s.size);
    fd.set(`sizes[${i}].quantity`, s.quantity);
  });
  return fd;
}

type Result = { draft: ProductDraft; errors: DraftErrors };

/** Adds a size row; refuses an empty or already listed size (case-insensitive) and a bad quantity. */
export function addSize(d: ProductDraft, rawSize: string, rawQuantity: string): Result {
  const size = rawSize.trim();
  const quantity = rawQuantity.trim() === "" ? "0" : rawQuantity.trim();
  if (!size) return { draft: d, errors: { newSize: ["Enter a size"] } };
  if (size.length > 20) return { draft: d, errors: { newSize: ["Size must be at most 20 characters"] } };
  if (d.sizes.some((s) => s.size.trim().toLowerCase() === size.toLowerCase())) {
    return { draft: d, errors: { newSize: [`Size "${size}" is already listed`] } };
  }
  if (!/^\d+$/.test(quantity)) return { draft: d, errors: { newQuantity: ["Quantity must be a whole number"] } };
  return { draft: { ...d, sizes: [...d.sizes, { size, quantity }] }, errors: {} };
}

export function canAddImages(d: ProductDraft, count: number): string | null {
  return d.additionalImages.length + count > MAX_ADDITIONAL_IMAGES ? TOO_MANY_IMAGES : null;
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * Applies an editing intent posted by one of the editor's buttons:
 * `image-left:i`, `image-right:i`, `image-remove:i`, `size-remove:i`, `size-add`
 * (`newSize`/`newQuantity` come from the form). Unknown intents change nothing.
 */
export function applyEdit(d: ProductDraft, intent: string, newSize = "", newQuantity = ""): Result {
  if (intent === "size-add") return addSize(d, newSize, newQuantity);
  const m = /^(image-left|image-right|image-remove|size-remove):(\d{1,2})$/.exec(intent);
  if (!m) return { draft: d, errors: {} };
  const i = Number(m[2]);
  switch (m[1]) {
    case "image-left":
      return { draft: { ...d, additionalImages: move(d.additionalImages, i, i - 1) }, errors: {} };
    case "image-right":
      return { draft: { ...d, additionalImages: move(d.additionalImages, i, i + 1) }, errors: {} };
    case "image-remove":
      return { draft: { ...d, additionalImages: d.additionalImages.filter((_, j) => j !== i) }, errors: {} };
    default:
      return { draft: { ...d, sizes: d.sizes.filter((_, j) => j !== i) }, errors: {} };
  }
}
