import { describe, expect, it } from "vitest";

import { createTestProduct, uniqueTag } from "../../../tests/support/catalogue";
import { prisma } from "~/models/platform/index.server";

import { MAX_PRODUCT_SUGGESTIONS, suggest } from "./catalogue-suggest.server";

// Suggestions under the search box: products whose name or brand starts with
// the typed word come from a B-tree of those words (ProductWord, kept by a
// trigger); description-only matches still show when there are few matches.

const names = async (q: string) => (await suggest(q)).products.map((p) => p.name);

describe("suggestions", () => {
  it("put a name match above a description-only one, and still find the description-only one", async () => {
    const tag = uniqueTag();
    const inDescription = await createTestProduct({ name: `Plain ${tag} top`, description: `<p>Soft zarif${tag} weave</p>` });
    const inName = await createTestProduct({ name: `Zarif${tag} kurti` });
    expect(await names(`zarif${tag.slice(0, 3)}`)).toEqual([inName.name, inDescription.name]);
    expect(await names(`kurti zarif${tag}`)).toEqual([inName.name]);
  });

  it("follow a renamed product and a new brand", async () => {
    const tag = uniqueTag();
    const product = await createTestProduct({ name: `Oldname${tag} saree` });
    await prisma.product.update({ where: { id: product.id }, data: { name: `Newname${tag} saree`, brand: `Tantbrand${tag}` } });
    expect(await names(`oldname${tag}`)).toEqual([]);
    expect(await names(`newname${tag}`)).toEqual([`Newname${tag} saree`]);
    expect(await names(`tantbrand${tag}`)).toEqual([`Newname${tag} saree`]);
  });

  it("rank name matches when there are more of them than are ranked", async () => {
    const tag = uniqueTag();
    await prisma.product.createMany({
      data: Array.from({ length: 205 }, (_, i) => ({
        name: `Bulkword${tag} ${i}`,
        brand: "Bulk",
        pricePaisa: 100_00,
        image: "/placeholder.svg",
        description: "<p>Plain.</p>",
      })),
    });
    await createTestProduct({ name: `Other ${tag}`, description: `<p>bulkword${tag}</p>` });
    const found = await names(`bulkword${tag}`);
    expect(found).toHaveLength(MAX_PRODUCT_SUGGESTIONS);
    expect(found.every((n) => n.startsWith(`Bulkword${tag} `))).toBe(true);
  });
});
