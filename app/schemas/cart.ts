import { z } from "zod";

import { MAX_ID, numberish } from "./numberish";

export const SIZE_REQUIRED = "Please select a size";

// Add To Cart on the product page (and any cart API that adds a line).
export const addToCartSchema = z.object({
  productId: z.preprocess(
    numberish,
    z.number({ required_error: "Product is required", invalid_type_error: "Unknown product" }).int().positive().max(MAX_ID, "Unknown product"),
  ),
  size: z.string({ required_error: SIZE_REQUIRED, invalid_type_error: SIZE_REQUIRED }).trim().min(1, SIZE_REQUIRED),
  /** The variant's colour (issue 38); blank or absent for a product without colours. */
  color: z.string().trim().max(60).optional(),
  qty: z.preprocess(
    numberish,
    z
      .number({ invalid_type_error: "Quantity must be a whole number" })
      .int("Quantity must be a whole number")
      .min(1, "Quantity must be at least 1")
      .max(1000, "Quantity is too high")
      .default(1),
  ),
});

export type AddToCartInput = z.output<typeof addToCartSchema>;
