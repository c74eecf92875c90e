import { z } from "zod";

import { MAX_ID, numberish } from "./numberish";

// Discount inputs, shared by the admin pages (conform) and /api/discounts.
// No server imports here: the browser bundle uses these schemas too.

export const DISCOUNT_REQUIRED_MESSAGE = "Please select a product or category and enter a discount percentage";
const PERCENT_RANGE_MESSAGE = "Percentage must be a whole number between 1 and 99";

const IS_ACTIVE_MESSAGE = "isActive must be true or false";
const isActive = z.preprocess(booleanish, z.boolean({ invalid_type_error: IS_ACTIVE_MESSAGE }));

function booleanish(value: unknown) {
  if (value === "true" || value === "on") return true;
  if (value === "false" || value === "off") return false;
  return value;
}

const optionalId = (unknown: string) =>
  z.preprocess(numberish, z.number({ invalid_type_error: "Must be an id" }).int("Must be an id").positive("Must be an id").max(MAX_ID, unknown).optional());

const percentage = (requiredMessage: string) =>
  z.preprocess(
    numberish,
    z
      .number({ required_error: requiredMessage, invalid_type_error: PERCENT_RANGE_MESSAGE })
      .int(PERCENT_RANGE_MESSAGE)
      .gt(0, PERCENT_RANGE_MESSAGE)
      .lt(100, PERCENT_RANGE_MESSAGE),
  );

export const BOTH_TARGETS_MESSAGE = "Choose a product or a category, not both";

/**
 * Exactly one target: a discount covers a product or a whole category, never
 * both. Neither is the spec's whole-form message; both is said next to each
 * of the two fields, since either one is the mistake.
 */
function oneTarget(value: { product?: number; category?: number }, ctx: z.RefinementCtx) {
  if (value.product !== undefined && value.category !== undefined) {
    for (const path of ["product", "category"]) ctx.addIssue({ code: z.ZodIssueCode.custom, message: BOTH_TARGETS_MESSAGE, path: [path] });
  } else if (value.product === undefined && value.category === undefined) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: DISCOUNT_REQUIRED_MESSAGE, path: [] });
  }
}

const createShape = {
  product: optionalId("Unknown product"),
  category: optionalId("Unknown category"),
  percentage: percentage(DISCOUNT_REQUIRED_MESSAGE),
};

/** POST /api/discounts: `isActive` defaults to true when a client leaves it out. */
export const discountCreateSchema = z.object({ ...createShape, isActive: isActive.default(true) }).superRefine(oneTarget);

/** The create page: an unchecked "Active" checkbox sends nothing, which means inactive. */
export const discountCreateFormSchema = z.object({ ...createShape, isActive: isActive.default(false) }).superRefine(oneTarget);

export type DiscountCreateInput = z.output<typeof discountCreateSchema>;

const UPDATE_REQUIRED_MESSAGE = "Please enter a discount percentage";

/** PUT /api/discounts/{id}: a missing `isActive` keeps the current state. */
export const discountUpdateSchema = z.object({
  percentage: percentage(UPDATE_REQUIRED_MESSAGE),
  isActive: isActive.optional(),
});

export const discountUpdateFormSchema = z.object({
  percentage: percentage(UPDATE_REQUIRED_MESSAGE),
  isActive: isActive.default(false),
});

export type DiscountUpdateInput = z.output<typeof discountUpdateSchema>;
