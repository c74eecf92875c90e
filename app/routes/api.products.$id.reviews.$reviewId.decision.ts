import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { decideHeldReview } from "~/models/catalogue/review-admin.server";
import { reviewDecisionSchema } from "~/schemas/review";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/web/http.server";

/**
 * Admin only (401 signed out, 403 a shopper; 404 when the review is not the product's):
 * POST /api/products/{id}/reviews/{reviewId}/decision `{ decision: "approve" | "reject" }` → 200 the
 * review as the back office sees it; 400 when it is not held (decision 105). Approving recounts the
 * product's rating and purges its pages.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/products/:id/reviews/:reviewId/decision");
    const productId = parseId(params.id, "Product");
    const reviewId = parseId(params.reviewId, "Review");
    const { decision } = await parseJsonBody(request, reviewDecisionSchema);
    return json(await decideHeldReview(actor, productId, reviewId, decision));
  });
}

export const loader = () => methodNotAllowed();
