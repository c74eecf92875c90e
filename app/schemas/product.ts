import { z } from "zod";

import { toPaisa } from "~/utils/money";

import { banglaLine, banglaRichText, type BanglaOptional } from "./bangla-text";
import { MAX_ID, numberish } from "./numberish";

// A product as an admin edits it: the product edit page (conform) and
// PUT /api/products/{id} both parse with this. A `productId` in the body is
// ignored (zod strips unknown keys). PUT replaces: missing lists mean empty.

export const MAX_ADDITIONAL_IMAGES = 4;
export const TOO_MANY_IMAGES = "You can only upload up to 4 additional images.";

const requiredText = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** An uploaded picture (/images/…, or a file under public/) or an http(s) URL; never javascript: or data:. */
export const imageUrlSchema = requiredText("Image", 2048).refine(
  (v) => /^\/(?![/\\])/.test(v) || /^https?:\/\/[^\s]+$/i.test(v),
  "Image must be an uploaded picture or an http(s) address",
);

const price = z.preprocess(
  numberish,
  z
    .number({ required_error: "Price is required", invalid_type_error: "Price must be a number" })
    .nonnegative("Price cannot be negative")
    .max(10_000_000, "Price is too high")
    .refine((v) => toPaisa(v) !== null, "Price can have at most 2 decimals"),
);

export const quantity = z.preprocess(
  numberish,
  z
    .number({ required_error: "Quantity is required", invalid_type_error: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .nonnegative("Quantity cannot be negative")
    .max(100_000, "Quantity is too high"),
);

const sizes = z
  .array(z.object({ size: requiredText("Size", 20), quantity }))
  .max(30, "At most 30 sizes")
  .default([])
  .superRefine((list, ctx) => {
    // "m" and "M" would be two shelves of the same size for shoppers.
    const seen = new Set<string>();
    list.forEach((s, i) => {
      const key = s.size.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Duplicate size "${s.size}"`, path: [i, "size"] });
      }
      seen.add(key);
    });
  });

export const PRODUCT_STATUSES = ["draft", "active"] as const;
/** Only active products reach shoppers; a draft is seen by admins alone. */
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const productStatusSchema = z.enum(PRODUCT_STATUSES, {
  errorMap: () => ({ message: "Status must be draft or active" }),
});

export const productInputSchema = z.object({
  name: requiredText("Name", 200),
  nameBn: banglaLine("Name (Bangla)", 200),
  price,
  image: imageUrlSchema,
  additionalImages: z.array(imageUrlSchema).max(MAX_ADDITIONAL_IMAGES, TOO_MANY_IMAGES).default([]),
  brand: requiredText("Brand", 100),
  categoryId: z.preprocess(
    numberish,
    z
      .number({ required_error: "Category is required", invalid_type_error: "Choose a category" })
      .int("Choose a category")
      .positive("Choose a category")
      .max(MAX_ID, "Category not found"),
  ),
  description: z.string({ invalid_type_error: "Description must be text" }).max(50_000, "Description is too long").default(""),
  descriptionBn: banglaRichText("Description (Bangla)", 50_000),
  sizes,
  // Left out (older API clients), the product keeps its status.
  status: productStatusSchema.optional(),
});

export type ProductInput = BanglaOptional<z.output<typeof productInputSchema>, "nameBn" | "descriptionBn">;
