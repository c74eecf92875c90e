import { expect, test } from "@playwright/test";

import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { createColouredProduct } from "../support/colours";
import { prisma } from "../support/db";

// `color` on the list endpoints (issue 38, decision 104): by English name in any case, Bangla
// name or colour id; only colours in stock; an unknown colour is an empty list, too many a 400.

const ids = (body: { products: { id: number }[] }) => body.products.map((p) => p.id);

test("GET /api/products and its category variant filter by a colour in stock", async ({ request }) => {
  const tag = uniqueTag();
  const category = await createTestCategory(`Api colour ${tag}`);
  const navy = await createColouredProduct({
    name: `Colour ${tag} navy`,
    categoryId: category.id,
    colours: [
      { name: "Navy", nameBn: "নেভি", sizes: [{ size: "M", quantity: 2 }] },
      { name: "Maroon", nameBn: "মেরুন", sizes: [{ size: "L", quantity: 0 }] },
    ],
  });
  const maroon = await createColouredProduct({
    name: `Colour ${tag} maroon`,
    categoryId: category.id,
    colours: [{ name: "Maroon", nameBn: "মেরুন", sizes: [{ size: "L", quantity: 1 }] }],
  });
  await createTestProduct({ name: `Colour ${tag} plain`, categoryId: category.id });
  const navyRow = await prisma.productColor.findFirstOrThrow({ where: { productId: navy.id, name: "Navy" } });

  const list = async (path: string) => {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    return ids(await res.json()).sort((a, b) => a - b);
  };
  const inCategory = `/api/products/category/${category.id}`;
  expect(await list(`${inCategory}?color=navy`)).toEqual([navy.id]);
  expect(await list(`${inCategory}?color=${encodeURIComponent("মেরুন")}`)).toEqual([maroon.id]);
  expect(await list(`${inCategory}?color=${navyRow.id}`)).toEqual([navy.id]);
  expect(await list(`${inCategory}?color=Navy&color=Maroon`)).toEqual([navy.id, maroon.id].sort((a, b) => a - b));
  // Navy in L is not stocked: colour and size are one variant.
  expect(await list(`${inCategory}?color=Navy&size=L`)).toEqual([]);
  expect(await list(`${inCategory}?color=Purple`)).toEqual([]);
  expect(await list(`/api/products?keyword=colour ${tag}&color=MAROON`)).toEqual([maroon.id]);

  const tooMany = await request.get(`/api/products?${Array.from({ length: 21 }, (_, i) => `color=c${i}`).join("&")}`);
  expect(tooMany.status()).toBe(400);
  expect(Object.keys((await tooMany.json()).errors)).toEqual(["color"]);
});
