import { describe, expect, it } from "vitest";

import type { ListOptions } from "~/schemas/catalogue";
import { listOptionsSchema, parseListOptionsLenient } from "~/schemas/catalogue";
import { prisma } from "~/models/platform/index.server";

import { createTestCategory, createTestProduct, uniqueTag } from "../../../tests/support/catalogue";
import { createColouredProduct } from "../../../tests/support/colours";

import { clearFacetCache, listFacets } from "./catalogue-facets.server";
import { NO_OPTIONS } from "./catalogue-search.server";
import { searchProducts } from "./product.server";

// The colour filter (issue 38, decision 104): a product is listed under a colour
// when it has that colour in stock, in any size (or in a picked size).

async function shelf() {
  const tag = uniqueTag();
  const category = await createTestCategory(`Colours ${tag}`);
  const categoryId = category.id;
  const navy = { name: "Navy", nameBn: "নেভি", hex: "#1f2a44" };
  const maroon = { name: "Maroon", nameBn: "মেরুন", hex: "#7b1e2b" };
  const a = await createColouredProduct({
    name: `Alpha ${tag}`,
    categoryId,
    colours: [
      { ...navy, sizes: [{ size: "M", quantity: 2 }] },
      { ...maroon, sizes: [{ size: "L", quantity: 0 }] },
    ],
  });
  const b = await createColouredProduct({ name: `Beta ${tag}`, categoryId, colours: [{ ...maroon, sizes: [{ size: "L", quantity: 1 }] }] });
  // No colours at all: never under a colour.
  const c = await createTestProduct({ name: `Gamma ${tag}`, categoryId, sizes: [{ size: "M", quantity: 5 }] });
  // Navy sold out, off-white in stock; its colour names in another case.
  const d = await createColouredProduct({
    name: `Delta ${tag}`,
    categoryId,
    colours: [
      { name: "NAVY", hex: "#1f2a44", sizes: [{ size: "M", quantity: 0 }] },
      { name: "Off-white", nameBn: "অফ-হোয়াইট", hex: "#f5f0e6", sizes: [{ size: "L", quantity: 3 }] },
    ],
  });
  clearFacetCache();
  return { categoryId, a, b, c, d };
}

const opts = (over: Partial<ListOptions>): ListOptions => ({ ...NO_OPTIONS, ...over });

describe("colour filter", () => {
  it("lists only products with that colour in stock, by English name, Bangla name or id", async () => {
    const { categoryId, a, b, c, d } = await shelf();
    const ids = async (over: Partial<ListOptions>) => (await searchProducts({ categoryId, options: opts(over) })).products.map((p) => p.id);
    expect(await ids({})).toEqual([a.id, b.id, c.id, d.id]);
    expect(await ids({ color: ["navy"] })).toEqual([a.id]); // Delta's navy is sold out
    expect(await ids({ color: ["Maroon"] })).toEqual([b.id]); // Alpha's maroon is sold out
    expect(await ids({ color: ["মেরুন"] })).toEqual([b.id]);
    expect(await ids({ color: ["navy", "off-white"] })).toEqual([a.id, d.id]);
    const alphaNavy = await prisma.productColor.findFirstOrThrow({ where: { productId: a.id, name: "Navy" } });
    expect(await ids({ color: [String(alphaNavy.id)] })).toEqual([a.id]);
    expect(await ids({ color: ["teal"] })).toEqual([]);
    // With a size, the colour and the size are one variant: Alpha has navy M, not navy L.
    expect(await ids({ color: ["navy"], size: ["L"] })).toEqual([]);
    expect(await ids({ color: ["navy"], size: ["M"] })).toEqual([a.id]);
    expect(await ids({ color: ["maroon", "off-white"], size: ["L"] })).toEqual([b.id, d.id]);
  });

  it("works with a search and counts the colours of the list, each product once", async () => {
    const { categoryId, a, d } = await shelf();
    const tag = a.name.split(" ")[1]!;
    const found = await searchProducts({ keyword: tag, options: opts({ color: ["Off-white"] }) });
    expect(found.products.map((p) => p.id)).toEqual([d.id]);

    const facets = await listFacets({ categoryId });
    expect(facets.colors).toEqual([
      { value: "Maroon", nameBn: "মেরুন", hex: "#7b1e2b", count: 1 },
      { value: "Navy", nameBn: "নেভি", hex: "#1f2a44", count: 1 },
      { value: "Off-white", nameBn: "অফ-হোয়াইট", hex: "#f5f0e6", count: 1 },
    ]);
    // The colour facet ignores its own pick; the size counts follow it.
    const picked = await listFacets({ categoryId, options: opts({ color: ["navy"] }) });
    expect(picked.colors.map((f) => f.value)).toEqual(["Maroon", "Navy", "Off-white"]);
    expect(picked.sizes).toEqual([{ value: "M", count: 1 }]);
  });

  it("counts a product once per size and per colour however many of its variants are in stock", async () => {
    const tag = uniqueTag();
    const { id: categoryId } = await createTestCategory(`Counts ${tag}`);
    await createColouredProduct({
      name: `Epsilon ${tag}`,
      categoryId,
      colours: [
        {
          name: "Navy",
          hex: "#1f2a44",
          sizes: [
            { size: "M", quantity: 1 },
            { size: "L", quantity: 0 },
          ],
        },
        {
          name: "Maroon",
          hex: "#7b1e2b",
          sizes: [
            { size: "M", quantity: 2 },
            { size: "L", quantity: 3 },
          ],
        },
        // The same colour in another case is still one colour of this product.
        { name: "NAVY", hex: "#1f2a44", sizes: [{ size: "XL", quantity: 4 }] },
      ],
    });
    await createColouredProduct({ name: `Zeta ${tag}`, categoryId, colours: [{ name: "Maroon", hex: "#7b1e2b", sizes: [{ size: "M", quantity: 0 }] }] });
    clearFacetCache();
    const facets = await listFacets({ categoryId });
    expect(facets.sizes).toEqual([
      { value: "M", count: 1 },
      { value: "L", count: 1 },
      { value: "XL", count: 1 },
    ]);
    expect(facets.colors.map(({ value, count }) => ({ value: value.toLowerCase(), count }))).toEqual([
      { value: "maroon", count: 1 },
      { value: "navy", count: 1 },
    ]);
    // Picking M leaves the colours with M in stock, each product once.
    const m = await listFacets({ categoryId, options: opts({ size: ["M"] }) });
    expect(m.colors.map(({ value, count }) => ({ value: value.toLowerCase(), count }))).toEqual([
      { value: "maroon", count: 1 },
      { value: "navy", count: 1 },
    ]);
  });

  it("reads ?color= from a URL, repeated, leniently on pages and strictly in the API", () => {
    const params = new URLSearchParams("color=Navy&color=maroon&color=Navy&color=");
    expect(parseListOptionsLenient(params).color).toEqual(["Navy", "maroon"]);
    expect(parseListOptionsLenient(new URLSearchParams("color=" + "x".repeat(200))).color).toEqual([]);
    expect(listOptionsSchema.safeParse({ color: ["x".repeat(200)] }).success).toBe(false);
    expect(listOptionsSchema.parse({ color: ["Navy"] }).color).toEqual(["Navy"]);
  });
});
