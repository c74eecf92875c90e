import { toLatinDigits } from "./digits";

// The product page's two forms, checked in the browser without zod (issue 42,
// decision 098): zod and conform were ~25 KB of the page's script for two
// fields each. The server still parses every post with the zod schemas
// (app/schemas/cart.ts, review.ts), which stay the rule; these checks only
// say the same thing sooner, with the same messages. form-checks.test.ts
// holds them to the schemas' verdicts.

/** A field's messages, keyed by field name; "" is the whole form's. */
export type CheckErrors<F extends string> = Partial<Record<F | "", string[]>>;

export const SIZE_REQUIRED = "Please select a size";
const QTY_WHOLE = "Quantity must be a whole number";
const RATING_MESSAGE = "Rating must be a whole number from 1 to 5";

/** The review form's ratings, low to high (the labels are in the locale files). */
export const RATINGS = [1, 2, 3, 4, 5] as const;

/** A posted number as the schemas read it (schemas/numberish.ts): blank is "not given", Bangla digits count. */
function posted(value: FormDataEntryValue | null): number | undefined | typeof NaN {
  if (value === null || value === "") return undefined;
  if (typeof value !== "string") return NaN;
  const latin = toLatinDigits(value);
  return /^\s*-?\d+(\.\d+)?\s*$/.test(latin) ? Number(latin) : NaN;
}

export function checkAddToCart(data: FormData): CheckErrors<"size" | "qty"> {
  const errors: CheckErrors<"size" | "qty"> = {};
  const size = data.get("size");
  if (typeof size !== "string" || !size.trim()) errors.size = [SIZE_REQUIRED];
  const qty = posted(data.get("qty"));
  if (qty !== undefined) {
    if (!Number.isInteger(qty)) errors.qty = [QTY_WHOLE];
    else if (qty < 1) errors.qty = ["Quantity must be at least 1"];
    else if (qty > 1000) errors.qty = ["Quantity is too high"];
  }
  return errors;
}

export function checkReview(data: FormData): CheckErrors<"rating" | "comment"> {
  const errors: CheckErrors<"rating" | "comment"> = {};
  const rating = posted(data.get("rating"));
  if (rating === undefined) errors.rating = ["Please select a rating"];
  else if (!Number.isInteger(rating) || rating < 1 || rating > 5) errors.rating = [RATING_MESSAGE];
  const comment = data.get("comment");
  const text = typeof comment === "string" ? comment.trim() : "";
  if (comment === null) errors.comment = ["Comment is required"];
  else if (typeof comment !== "string") errors.comment = ["Comment must be text"];
  else if (!text) errors.comment = ["Comment is required"];
  else if (text.length > 2000) errors.comment = ["Comment must be at most 2000 characters"];
  return errors;
}
