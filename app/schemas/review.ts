import { z } from "zod";

import { numberish } from "./numberish";

// A review: the product page's form and POST /api/products/{id}/reviews.
// A `productId` in the body is ignored; the URL names the product.

export const RATING_LABELS = [
  [1, "Poor"],
  [2, "Fair"],
  [3, "Good"],
  [4, "Very Good"],
  [5, "Excellent"],
] as const;

const RATING_MESSAGE = "Rating must be a whole number from 1 to 5";

export const reviewSchema = z.object({
  rating: z.preprocess(
    numberish,
    z
      .number({ required_error: "Please select a rating", invalid_type_error: RATING_MESSAGE })
      .int(RATING_MESSAGE)
      .min(1, RATING_MESSAGE)
      .max(5, RATING_MESSAGE),
  ),
  comment: z
    .string({ required_error: "Comment is required", invalid_type_error: "Comment must be text" })
    .trim()
    .min(1, "Comment is required")
    .max(2000, "Comment must be at most 2000 characters"),
});

export type ReviewInput = z.output<typeof reviewSchema>;

/**
 * Hiding or showing a review again (admin): the back office's Hide and Show
 * buttons post `hidden=true|false`, PUT /api/products/{id}/reviews/{reviewId}
 * sends a JSON boolean.
 */
export const reviewVisibilitySchema = z.object({
  hidden: z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value),
    z.boolean({ required_error: "Say whether the review is hidden", invalid_type_error: "hidden must be true or false" }),
  ),
});

/**
 * An admin's decision on a held review (decision 105): the back office's
 * Approve and Reject buttons post `decision=approve|reject`, as does
 * POST /api/products/{id}/reviews/{reviewId}/decision in JSON.
 */
export const reviewDecisionSchema = z.object({
  decision: z.enum(["approve", "reject"], { errorMap: () => ({ message: "decision must be approve or reject" }) }),
});
