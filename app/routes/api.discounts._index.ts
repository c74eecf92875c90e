import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { createDiscount, listDiscounts } from "~/models/catalogue/discount.server";
import { discountCreateSchema } from "~/schemas/discount";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/** GET /api/discounts (admin): every discount with its product or category name. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const actor = await apiDoor(request, "/api/discounts");
    return json(await listDiscounts(actor));
  });
}

/** POST /api/discounts (admin) `{ product, category, percentage, isActive }` → 201. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/discounts");
    const input = await parseJsonBody(request, discountCreateSchema);
    return json(await createDiscount(actor, input), { status: 201 });
  });
}
