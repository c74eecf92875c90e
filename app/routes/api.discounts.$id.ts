import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { deleteDiscount, getDiscount, updateDiscount } from "~/models/catalogue/discount.server";
import { discountUpdateSchema } from "~/schemas/discount";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/web/http.server";

/** GET /api/discounts/{id} (admin). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const actor = await apiDoor(request, "/api/discounts/:id");
    return json(await getDiscount(actor, parseId(params.id, "Discount")));
  });
}

/** PUT `{ percentage, isActive }` and DELETE /api/discounts/{id} (admin). */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/discounts/:id");
    const id = parseId(params.id, "Discount");
    if (request.method === "DELETE") {
      await deleteDiscount(actor, id);
      return json({ message: "Discount deleted" });
    }
    const input = await parseJsonBody(request, discountUpdateSchema);
    return json(await updateDiscount(actor, id, input));
  });
}
