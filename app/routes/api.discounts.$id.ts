import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { requireApiAdmin } from "~/web/guards.server";
import { deleteDiscount, getDiscount, updateDiscount } from "~/models/catalogue/discount.server";
import { discountUpdateSchema } from "~/schemas/discount";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/web/http.server";

/** GET /api/discounts/{id} (admin). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return json(await getDiscount(parseId(params.id, "Discount")));
  });
}

/** PUT `{ percentage, isActive }` and DELETE /api/discounts/{id} (admin). */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
    await requireApiAdmin(request);
    const id = parseId(params.id, "Discount");
    if (request.method === "DELETE") {
      await deleteDiscount(id);
      return json({ message: "Discount deleted" });
    }
    const input = await parseJsonBody(request, discountUpdateSchema);
    return json(await updateDiscount(id, input));
  });
}
