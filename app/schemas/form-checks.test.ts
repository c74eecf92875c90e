import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import { addToCartSchema, SIZE_REQUIRED as SCHEMA_SIZE_REQUIRED } from "./cart";
import { RATING_LABELS, reviewSchema } from "./review";

import { checkAddToCart, checkReview, RATINGS, SIZE_REQUIRED } from "~/utils/form-checks";

// The browser's zod-free checks (decision 098) must say what the server's
// schemas say, message for message: a shopper sees the same words before and
// after a post. The server parses the same way (parseForm, conform's parseWithZod).
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};
function schemaErrors(schema: typeof addToCartSchema | typeof reviewSchema, data: FormData, fields: string[]) {
  const result = parseWithZod(data, { schema }).reply();
  return Object.fromEntries(fields.flatMap((f) => (result.error?.[f]?.length ? [[f, result.error[f]]] : [])));
}

describe("the product page's checks agree with the schemas", () => {
  const carts: Record<string, string>[] = [
    { productId: "1", size: "M", qty: "2" },
    { productId: "1", size: "M" },
    { productId: "1", size: "M", qty: "" },
    { productId: "1", size: " ", qty: "1" },
    { productId: "1", qty: "1" },
    { productId: "1", size: "L", qty: "0" },
    { productId: "1", size: "L", qty: "-3" },
    { productId: "1", size: "L", qty: "1.5" },
    { productId: "1", size: "L", qty: "abc" },
    { productId: "1", size: "L", qty: "1001" },
    { productId: "1", size: "L", qty: "৩" },
  ];
  it.each(carts)("add to cart %o", (entries) => {
    const data = form(entries);
    expect(checkAddToCart(data)).toEqual(schemaErrors(addToCartSchema, data, ["size", "qty"]));
  });

  const reviews: Record<string, string>[] = [
    { rating: "5", comment: "Lovely cloth" },
    { rating: "", comment: "Lovely" },
    { comment: "Lovely" },
    { rating: "0", comment: "x" },
    { rating: "6", comment: "x" },
    { rating: "2.5", comment: "x" },
    { rating: "four", comment: "x" },
    { rating: "৪", comment: "x" },
    { rating: "3", comment: "" },
    { rating: "3", comment: "   " },
    { rating: "3" },
    { rating: "3", comment: "a".repeat(2001) },
    { rating: "3", comment: ` ${"a".repeat(2000)} ` },
  ];
  it.each(reviews)("review %o", (entries) => {
    const data = form(entries);
    expect(checkReview(data)).toEqual(schemaErrors(reviewSchema, data, ["rating", "comment"]));
  });

  it("offers the schema's ratings and its size message", () => {
    expect(RATINGS).toEqual(RATING_LABELS.map(([value]) => value));
    expect(SIZE_REQUIRED).toBe(SCHEMA_SIZE_REQUIRED);
  });
});
