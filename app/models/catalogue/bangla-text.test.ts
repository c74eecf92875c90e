import { describe, expect, it } from "vitest";

import { createTestCategory, createTestProduct, uniqueTag } from "../../../tests/support/catalogue";
import { categorySchema } from "~/schemas/category";
import { footerSchema } from "~/schemas/footer";
import { productInputSchema } from "~/schemas/product";
import { prisma } from "~/models/platform/index.server";

import { suggest } from "./catalogue-suggest.server";
import { getCategory, listCategories, updateCategory } from "./category.server";
import { collectionTiles, relatedCards, topRatedCards } from "./merchandising.server";
import { toProductCard } from "./product-card";
import { getProduct, productsByIds, searchProducts, updateProduct } from "./product.server";
import { createFooterPage, getFooterPage, updateFooterPage } from "~/models/content/index.server";
import { dropLayoutCache, getLayoutData } from "~/models/content/index.server";
import { testAdmin } from "../../../tests/support/actors";

// Optional Bangla text (issue 20): /bn pages show it where an admin wrote it, else the English;
// the API answers both as stored; search finds a product by its Bangla words on any page.

async function banglaProduct(extra: { categoryId?: number } = {}) {
  const product = await createTestProduct({ name: `Cotton panjabi ${uniqueTag()}`, description: "<p>Soft cotton.</p>", ...extra });
  await prisma.product.update({
    where: { id: product.id },
    data: { nameBn: "সুতির পাঞ্জাবি", descriptionBn: "<p>নরম সুতির কাপড়।</p>" },
  });
  return product;
}

describe("products in Bangla", () => {
  it("show the Bangla name and description on bn pages, the English on en pages and both in the API", async () => {
    const product = await banglaProduct();
    const [bn] = await productsByIds([product.id], "bn");
    const [en] = await productsByIds([product.id], "en");
    const [api] = await productsByIds([product.id]);
    expect(toProductCard(bn!).name).toBe("সুতির পাঞ্জাবি");
    expect(bn!.description).toBe("<p>নরম সুতির কাপড়।</p>");
    expect(toProductCard(en!).name).toBe(product.name);
    expect(en!.description).toBe("<p>Soft cotton.</p>");
    // A page's product carries only its own language.
    expect(bn).not.toHaveProperty("nameBn");
    expect(en).not.toHaveProperty("descriptionBn");
    expect(api).toMatchObject({ name: product.name, nameBn: "সুতির পাঞ্জাবি", descriptionBn: "<p>নরম সুতির কাপড়।</p>" });

    expect((await getProduct(product.id, { lang: "bn" })).name).toBe("সুতির পাঞ্জাবি");
    expect((await topRatedCards(100, "bn")).find((c) => c.id === product.id)?.name).toBe("সুতির পাঞ্জাবি");
    expect((await topRatedCards(100, "en")).find((c) => c.id === product.id)?.name).toBe(product.name);
  });

  it("fall back to the English where there is no Bangla", async () => {
    const product = await createTestProduct();
    const [bn] = await productsByIds([product.id], "bn");
    expect(toProductCard(bn!).name).toBe(product.name);
    expect(bn!.description).toBe("<p>A test product.</p>");
    const [api] = await productsByIds([product.id]);
    expect(api).toMatchObject({ nameBn: null, descriptionBn: null });
  });

  it("are found by a Bangla word, whole or its start, and by the English as before", async () => {
    const product = await banglaProduct();
    const ids = async (keyword: string, lang: "en" | "bn" = "bn") => (await searchProducts({ keyword, lang })).products.map((p) => p.id);
    expect(await ids("পাঞ্জাবি")).toContain(product.id);
    expect(await ids("পাঞ্জা")).toContain(product.id);
    expect(await ids("নরম")).toContain(product.id); // a word of the Bangla description
    expect(await ids("পাঞ্জাবি", "en")).toContain(product.id);
    expect(await ids(product.name.split(" ").at(-1)!)).toContain(product.id);
    const found = await searchProducts({ keyword: "সুতির পাঞ্জাবি", lang: "bn" });
    expect(found.products.find((p) => p.id === product.id)?.name).toBe("সুতির পাঞ্জাবি");

    const typed = await suggest("পাঞ্জা", "bn");
    expect(typed.products.find((p) => p.id === product.id)?.name).toBe("সুতির পাঞ্জাবি");
    expect((await suggest("পাঞ্জা")).products.find((p) => p.id === product.id)?.name).toBe(product.name);
  });

  it("are found by the Bangla words an admin saves, and no longer by the ones replaced", async () => {
    const product = await createTestProduct();
    const input = {
      name: product.name,
      price: 1000,
      image: product.image,
      additionalImages: [],
      brand: product.brand,
      categoryId: product.categoryId,
      description: "<p>A test product.</p>",
      sizes: [{ size: "M", quantity: 5 }],
    };
    const saved = await updateProduct(testAdmin, product.id, {
      ...input,
      nameBn: "জামদানি শাড়ি",
      descriptionBn: '<p onclick="x()">হাতে বোনা</p><script>alert(1)</script>',
    });
    // Sanitized like the English description.
    expect(saved).toMatchObject({ nameBn: "জামদানি শাড়ি", descriptionBn: "<p>হাতে বোনা</p>" });
    expect((await searchProducts({ keyword: "জামদানি" })).products.map((p) => p.id)).toEqual([product.id]);

    const cleared = await updateProduct(testAdmin, product.id, { ...input, nameBn: "কাতান", descriptionBn: "<p></p>" });
    expect(cleared).toMatchObject({ nameBn: "কাতান", descriptionBn: null });
    expect((await searchProducts({ keyword: "জামদানি" })).total).toBe(0);
    expect((await searchProducts({ keyword: "কাতান" })).products.map((p) => p.id)).toEqual([product.id]);
  });

  it("leave a misspelt or unknown Bangla word uncorrected, without failing", async () => {
    await banglaProduct();
    // (পাঞ্জাবী, the other usual spelling, is a synonym: synonyms.test.ts.)
    const typo = await searchProducts({ keyword: "পাঞ্জাভি", lang: "bn" });
    expect(typo).toMatchObject({ total: 0, correctedTo: null });
    // A known Bangla word stays as typed beside a corrected English one.
    const mixed = await searchProducts({ keyword: "পাঞ্জাবি panjbi", lang: "bn" });
    expect(mixed.correctedTo).toBe("পাঞ্জাবি panjabi");
  });
});

describe("categories in Bangla", () => {
  it("name a category in Bangla on bn pages, in the header bar, tiles and product breadcrumbs, else in English", async () => {
    const named = await createTestCategory();
    await updateCategory(testAdmin, named.id, { name: named.name, nameBn: "শাড়ি" });
    const plain = await createTestCategory();
    const product = await banglaProduct({ categoryId: named.id });
    const sibling = await createTestProduct({ categoryId: named.id });
    expect((await relatedCards(sibling.id, 4, "bn")).map((c) => c.name)).toEqual(["সুতির পাঞ্জাবি"]);

    expect(await getCategory(named.id, "bn")).toEqual({ id: named.id, name: "শাড়ি" });
    expect(await getCategory(named.id, "en")).toEqual({ id: named.id, name: named.name });
    expect(await getCategory(named.id)).toEqual({ id: named.id, name: named.name, nameBn: "শাড়ি" });
    expect(await getCategory(plain.id, "bn")).toEqual({ id: plain.id, name: plain.name });
    expect((await listCategories("bn")).find((c) => c.id === named.id)?.name).toBe("শাড়ি");

    dropLayoutCache();
    const bn = await getLayoutData("bn");
    const en = await getLayoutData("en");
    expect(bn.categories.find((c) => c.id === named.id)?.name).toBe("শাড়ি");
    expect(bn.categories.find((c) => c.id === plain.id)?.name).toBe(plain.name);
    expect(en.categories.find((c) => c.id === named.id)?.name).toBe(named.name);

    expect((await collectionTiles(50, "bn")).find((t) => t.id === named.id)?.name).toBe("শাড়ি");
    expect((await getProduct(product.id, { lang: "bn" })).category.name).toBe("শাড়ি");
    expect((await getProduct(product.id)).category.name).toBe(named.name);
    // The category's Bangla name is in its products' search documents.
    expect((await searchProducts({ keyword: "শাড়ি" })).products.map((p) => p.id)).toContain(product.id);
  });
});

describe("footer pages in Bangla", () => {
  it("show the Bangla title and text on bn pages, else the English, sanitized on save", async () => {
    const page = await createFooterPage(testAdmin, {
      title: "Delivery",
      titleBn: "ডেলিভারি",
      description: "<p>Three days.</p>",
      descriptionBn: "<p>তিন দিন।</p><script>alert(1)</script>",
    });
    expect(page).toEqual({ id: page.id, title: "Delivery", titleBn: "ডেলিভারি", description: "<p>Three days.</p>", descriptionBn: "<p>তিন দিন।</p>" });
    expect(await getFooterPage(page.id, "bn")).toEqual({ id: page.id, title: "ডেলিভারি", description: "<p>তিন দিন।</p>" });
    expect(await getFooterPage(page.id, "en")).toEqual({ id: page.id, title: "Delivery", description: "<p>Three days.</p>" });

    const plain = await updateFooterPage(testAdmin, page.id, { title: "Delivery", description: "<p>Three days.</p>" });
    expect(plain).toMatchObject({ titleBn: null, descriptionBn: null });
    expect(await getFooterPage(page.id, "bn")).toEqual({ id: page.id, title: "Delivery", description: "<p>Three days.</p>" });

    await updateFooterPage(testAdmin, page.id, { title: "Delivery", titleBn: "ডেলিভারি", description: "<p>Three days.</p>" });
    dropLayoutCache();
    expect((await getLayoutData("bn")).footerPages).toEqual([{ id: page.id, title: "ডেলিভারি" }]);
    expect((await getLayoutData("en")).footerPages).toEqual([{ id: page.id, title: "Delivery" }]);
  });
});

describe("Bangla fields in the schemas", () => {
  const product = { name: "Panjabi", price: 10, image: "/placeholder.svg", brand: "B", categoryId: 1 };

  it("are optional, and empty means none (null)", () => {
    expect(productInputSchema.parse(product)).toMatchObject({ nameBn: null, descriptionBn: null });
    expect(productInputSchema.parse({ ...product, nameBn: "  ", descriptionBn: "" })).toMatchObject({ nameBn: null, descriptionBn: null });
    expect(productInputSchema.parse({ ...product, nameBn: " পাঞ্জাবি " })).toMatchObject({ nameBn: "পাঞ্জাবি" });
    expect(categorySchema.parse({ name: "Saree", nameBn: "" })).toEqual({ name: "Saree", nameBn: null });
    expect(footerSchema.parse({ title: "About" })).toMatchObject({ titleBn: null, descriptionBn: null });
  });

  it("have the English fields' length limits", () => {
    expect(productInputSchema.safeParse({ ...product, nameBn: "ক".repeat(201) }).error?.issues[0]?.message).toBe(
      "Name (Bangla) must be at most 200 characters",
    );
    expect(categorySchema.safeParse({ name: "Saree", nameBn: "ক".repeat(51) }).success).toBe(false);
    expect(footerSchema.safeParse({ title: "About", titleBn: "ক".repeat(201) }).success).toBe(false);
    expect(footerSchema.safeParse({ title: "About", descriptionBn: "ক".repeat(100_001) }).success).toBe(false);
  });
});
