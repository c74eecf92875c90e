import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { requireApiUser } from "~/web/guards.server";
import { createReview } from "~/models/catalogue/review.server";
import { reviewSchema } from "~/schemas/review";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/web/http.server";

/** POST /api/products/{id}/reviews (signed in) `{ rating, comment }` → 201 `{ message }`. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const user = await requireApiUser(request);
    const id = parseId(params.id, "Product");
    const input = await parseJsonBody(request, reviewSchema);
    return json(await createReview(user, id, input), { status: 201 });
  });
}

export const loader = () => methodNotAllowed();
