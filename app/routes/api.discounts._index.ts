import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { requireApiAdmin } from "~/web/guards.server";
import { createDiscount, listDiscounts } from "~/models/catalogue/discount.server";
import { discountCreateSchema } from "~/schemas/discount";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/** GET /api/discounts (admin): every discount with its product or category name. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return json(await listDiscounts());
  });
}

/** POST /api/discounts (admin) `{ product, category, percentage, isActive }` → 201. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    await requireApiAdmin(request);
    const input = await parseJsonBody(request, discountCreateSchema);
    return json(await createDiscount(input), { status: 201 });
  });
}
