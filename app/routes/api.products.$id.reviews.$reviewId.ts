import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { deleteReview, setReviewHidden } from "~/models/catalogue/review-admin.server";
import { reviewVisibilitySchema } from "~/schemas/review";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/web/http.server";

/**
 * Admin only (401 signed out, 403 a shopper; 404 when the review is not the product's):
 * PUT /api/products/{id}/reviews/{reviewId} `{ hidden }` → 200 the review as the back office sees it;
 * DELETE → 200 `{ message }`. Either recounts the product's rating and purges its pages.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/products/:id/reviews/:reviewId");
    const productId = parseId(params.id, "Product");
    const reviewId = parseId(params.reviewId, "Review");
    if (request.method === "DELETE") return json(await deleteReview(actor, productId, reviewId));
    const { hidden } = await parseJsonBody(request, reviewVisibilitySchema);
    return json(await setReviewHidden(actor, productId, reviewId, hidden));
  });
}

export const loader = () => methodNotAllowed();
