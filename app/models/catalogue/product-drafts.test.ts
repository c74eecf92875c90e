import { describe, expect, it } from "vitest";

import { productInputSchema } from "~/schemas/product";
import { prisma } from "~/models/platform/index.server";

import { createTestCategory, createTestProduct, uniqueTag } from "../../../tests/support/catalogue";
import { sessionStorage } from "~/models/accounts/index.server";
import { addToCart, loadCart } from "~/models/orders/index.server";
import { address, guest, rejection, user } from "../../../tests/support/order.fixtures";
import { placeOrder } from "~/models/orders/index.server";
import { createReview } from "./review.server";
import { clearFacetCache, listFacets } from "./catalogue-facets.server";
import { suggest } from "./catalogue-suggest.server";
import { collectionTiles, relatedCards, topRatedCards } from "./merchandising.server";
import { createSampleProduct, getProduct, getTopProducts, listProducts, searchProducts, setProductStatus, updateProduct } from "./product.server";
import { listAdminProducts } from "./product-admin.server";
import { sitemapProducts } from "./sitemap.server";
import { testAdmin } from "../../../tests/support/actors";

// Drafts (issue 22 item 1): a product is a draft or active, and only active
// products reach shoppers, through every read a shopper or the public API has.

/** The product ids the sitemap would list (app/web/sitemap.server.ts writes them out). */
async function sitemapIds() {
  const ids: number[] = [];
  for await (const rows of sitemapProducts(0, 1_000_000)) ids.push(...rows.map((r) => r.id));
  return ids;
}

async function productCount(categoryId: number) {
  const row = await prisma.productCount.findUnique({ where: { categoryId } });
  return row?.n ?? 0;
}

/** Everything a shopper could find the product by, as ids or booleans. */
async function shopperSees(p: { id: number; name: string; categoryId: number }, word: string) {
  clearFacetCache();
  const inStock = { size: [], brand: [], inStock: true, onSale: false };
  const [byWord, byPhrase, inCategory, filtered, suggestions, facets, top, tiles, sitemap] = await Promise.all([
    searchProducts({ keyword: word }),
    searchProducts({ keyword: `${word} panjabi`, options: inStock }),
    listProducts({ categoryId: p.categoryId }),
    listProducts({ categoryId: p.categoryId, options: inStock }),
    suggest(word.slice(0, 6)),
    listFacets({ categoryId: p.categoryId }),
    topRatedCards(50),
    collectionTiles(50),
    sitemapIds(),
  ]);
  return {
    oneWordSearch: byWord.products.some((x) => x.id === p.id),
    filteredSearch: byPhrase.products.some((x) => x.id === p.id),
    categoryList: inCategory.products.some((x) => x.id === p.id),
    filteredList: filtered.products.some((x) => x.id === p.id),
    searchTotal: byWord.total,
    suggestion: suggestions.products.some((x) => x.id === p.id),
    brandFacet: facets.brands.some((b) => b.value === `Brand${word}`),
    topRated: top.some((x) => x.id === p.id),
    tile: tiles.some((t) => t.id === p.categoryId),
    sitemap: sitemap.includes(p.id),
    productPage: await getProduct(p.id).then(
      () => true,
      () => false,
    ),
  };
}

const nowhere = {
  oneWordSearch: false,
  filteredSearch: false,
  categoryList: false,
  filteredList: false,
  searchTotal: 0,
  suggestion: false,
  brandFacet: false,
  topRated: false,
  tile: false,
  sitemap: false,
  productPage: false,
};

describe("drafts", () => {
  it("a new product starts as a draft, which no shopper read finds, and publishing shows it everywhere at once", async () => {
    const word = `drafty${uniqueTag()}`;
    const category = await createTestCategory();
    const sample = await createSampleProduct(testAdmin);
    expect(sample.status).toBe("draft");
    // The admin fills it in and saves, still a draft (no status in the input keeps it).
    const input = productInputSchema.parse({
      name: `${word} panjabi`,
      price: 1500,
      image: "/images/drafty-main",
      brand: `Brand${word}`,
      categoryId: category.id,
      description: "<p>Cotton</p>",
      sizes: [{ size: "M", quantity: 4 }],
    });
    const saved = await updateProduct(testAdmin, sample.id, input);
    expect(saved.status).toBe("draft");
    await prisma.product.update({ where: { id: sample.id }, data: { rating: 5, numReviews: 900 } });
    const product = { id: sample.id, name: input.name, categoryId: category.id };

    expect(await shopperSees(product, word)).toEqual(nowhere);
    expect(await productCount(category.id)).toBe(0);
    // The back office sees it, and can filter by status.
    expect((await getProduct(sample.id, { drafts: true })).status).toBe("draft");
    const drafts = await listAdminProducts({ keyword: word, sort: "id", status: "draft", page: 1, pageSize: 20 });
    expect(drafts.products.map((p) => p.id)).toEqual([sample.id]);
    const active = await listAdminProducts({ keyword: word, sort: "id", status: "active", page: 1, pageSize: 20 });
    expect(active.products).toEqual([]);

    await setProductStatus(testAdmin, sample.id, "active");
    expect(await shopperSees(product, word)).toEqual({
      oneWordSearch: true,
      filteredSearch: true,
      categoryList: true,
      filteredList: true,
      searchTotal: 1,
      suggestion: true,
      brandFacet: true,
      topRated: true,
      tile: true,
      sitemap: true,
      productPage: true,
    });
    expect(await productCount(category.id)).toBe(1);

    // Back to draft through the editor's save: gone again, counts included.
    await updateProduct(testAdmin, sample.id, { ...input, status: "draft" });
    expect(await shopperSees(product, word)).toEqual(nowhere);
    expect(await productCount(category.id)).toBe(0);
  });

  it("a draft's related products and the best-rated list leave it out", async () => {
    const category = await createTestCategory();
    const shown = await createTestProduct({ categoryId: category.id });
    const draft = await createTestProduct({ categoryId: category.id, status: "draft", rating: 5, numReviews: 1000 });
    expect((await relatedCards(shown.id)).map((c) => c.id)).not.toContain(draft.id);
    expect((await getTopProducts(50)).map((p) => p.id)).not.toContain(draft.id);
  });

  it("a draft cannot be put in a cart, ordered or reviewed; a cart line whose product went back to draft is unavailable", async () => {
    const draft = await createTestProduct({ status: "draft", sizes: [{ size: "M", quantity: 5 }] });
    const session = await sessionStorage.getSession();
    expect((await rejection(addToCart(session, { productId: draft.id, size: "M", qty: 1 }))).status).toBe(404);

    const onSale = await createTestProduct({ sizes: [{ size: "M", quantity: 5 }] });
    await addToCart(session, { productId: onSale.id, size: "M", qty: 2 });
    await setProductStatus(testAdmin, onSale.id, "draft");
    const cart = await loadCart(session);
    expect(cart.items[0]).toMatchObject({ productId: onSale.id, available: false });
    expect(cart.itemCount).toBe(0);

    const order = rejection(placeOrder({ ...guest, lines: [{ productId: onSale.id, size: "M", qty: 1 }], shippingAddress: address }));
    expect(await order).toMatchObject({ status: 409 });
    expect((await prisma.productSize.findFirst({ where: { productId: onSale.id } }))?.quantity).toBe(5);

    const reviewer = await user();
    const review = rejection(createReview({ id: reviewer.id, name: reviewer.name }, onSale.id, { rating: 5, comment: "Lovely" }));
    expect(await review).toMatchObject({ status: 404 });
  });

  it("publishing refuses a product that is not filled in, by each way of publishing, and changes nothing", async () => {
    const sample = await createSampleProduct(testAdmin);
    const stored = () => prisma.product.findUniqueOrThrow({ where: { id: sample.id }, include: { sizes: true } });
    const before = await stored();
    // The list's one-click Publish: the sample as Create Product made it.
    const refused = await rejection(setProductStatus(testAdmin, sample.id, "active"));
    expect(refused).toMatchObject({ status: 400, message: expect.stringMatching(/^Cannot publish “Sample name” yet: it needs its own name/) });
    expect(Object.keys(refused.errors ?? {})).toEqual(["name", "price", "sizes", "image"]);
    expect(await stored()).toEqual(before);

    // The editor's save (and PUT /api/products/{id}) with Status Active: checked as it would be saved.
    const category = await createTestCategory();
    const filled = productInputSchema.parse({
      name: "Hand-loomed gamchha",
      price: 350,
      image: "/images/gamchha",
      brand: "Tangail",
      categoryId: category.id,
      sizes: [{ size: "Free Size", quantity: 6 }],
      status: "active",
    });
    for (const [change, field] of [
      [{ name: "Sample name" }, "name"],
      [{ price: 0 }, "price"],
      [{ sizes: [{ size: "Free Size", quantity: 0 }] }, "sizes"],
      [{ image: "/placeholder.svg?v=2" }, "image"],
    ] as [Partial<typeof filled>, string][]) {
      const error = await rejection(updateProduct(testAdmin, sample.id, { ...filled, ...change }));
      expect(error.status, field).toBe(400);
      expect(Object.keys(error.errors ?? {}), field).toEqual([field]);
      expect(error.message, field).toMatch(/^Cannot publish/);
    }
    // Nothing of a refused save was written: still the untouched sample draft.
    expect(await stored()).toEqual(before);

    // Saved as a draft, the same half-done product is kept: only publishing asks for more.
    expect((await updateProduct(testAdmin, sample.id, { ...filled, price: 0, status: "draft" })).status).toBe("draft");
    expect((await rejection(setProductStatus(testAdmin, sample.id, "active"))).errors).toEqual({ price: ["Set a price above ৳0 to publish"] });
    // Filled in, it publishes; once on sale, an edit that sells it out or a later save keeps it active.
    expect((await updateProduct(testAdmin, sample.id, filled)).status).toBe("active");
    expect((await updateProduct(testAdmin, sample.id, { ...filled, sizes: [{ size: "Free Size", quantity: 0 }] })).status).toBe("active");
    expect((await setProductStatus(testAdmin, sample.id, "active")).status).toBe("active");
  });
});
