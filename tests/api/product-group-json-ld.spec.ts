import { expect, test, type APIRequestContext } from "@playwright/test";

import { prisma } from "../support/db";

// A product sold in colours tells search engines each colour and size (issue 38): its JSON-LD is a
// schema.org ProductGroup whose variants carry their colour, size, SKU and own availability.
// Read from the page's HTML as a crawler reads it; the seeded panjabi is sold in three colours.

type Ld = Record<string, unknown> & { "@type": string };

async function jsonLd(request: APIRequestContext, path: string): Promise<Ld[]> {
  const html = await (await request.get(path)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
  return blocks.flatMap((m) => [JSON.parse(m[1]!)].flat() as Ld[]);
}

test("a product with colours is a ProductGroup with a Product per colour and size, in English and Bangla", async ({ request }) => {
  const product = await prisma.product.findFirstOrThrow({
    where: { name: "Slim Fit Solid Panjabi" },
    include: { colors: { orderBy: { position: "asc" } }, sizes: true },
  });
  expect(product.colors.length).toBeGreaterThanOrEqual(2);

  for (const lang of ["en", "bn"] as const) {
    const ld = await jsonLd(request, `${lang === "bn" ? "/bn" : ""}/product/${product.id}`);
    const group = ld.find((x) => x["@type"] === "ProductGroup") as Ld & { hasVariant: Ld[]; variesBy: string[] };
    expect(group, `${lang}: a ProductGroup`).toBeTruthy();
    expect(
      ld.some((x) => x["@type"] === "Product"),
      "no separate Product beside the group",
    ).toBe(false);
    expect(group.productGroupID).toBe(String(product.id));
    expect(group.variesBy).toEqual(["https://schema.org/color", "https://schema.org/size"]);
    expect(group.hasVariant).toHaveLength(product.sizes.length);

    for (const row of product.sizes) {
      const colour = product.colors.find((c) => c.id === row.colorId)!;
      const variant = group.hasVariant.find((v) => v.sku === `TB-${row.id}`) as Ld & { offers: Ld; image: string[] };
      expect(variant, `variant TB-${row.id}`).toMatchObject({
        "@type": "Product",
        color: lang === "bn" ? colour.nameBn : colour.name,
        size: row.size,
        offers: {
          "@type": "Offer",
          priceCurrency: "BDT",
          availability: row.quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        },
      });
      expect(String(variant.offers.url)).toContain(`?color=${encodeURIComponent(colour.name)}`);
      // The colour's own first picture, as an absolute URL.
      expect(variant.image[0]).toMatch(new RegExp(`^https?://[^/]+${colour.images[0]!.replace(/[.?]/g, "\\$&")}$`));
    }
  }
});

test("a product without colours stays a single Product with one offer", async ({ request }) => {
  const product = await prisma.product.findFirstOrThrow({ where: { name: "Casual Cotton Panjabi" } });
  const ld = await jsonLd(request, `/product/${product.id}`);
  expect(ld.map((x) => x["@type"])).toContain("Product");
  expect(ld.map((x) => x["@type"])).not.toContain("ProductGroup");
});
