import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { discountOptions } from "~/models/catalogue/discount.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";

/** GET /api/discounts/options (admin): `{ products, categories }` a discount can target. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const actor = await apiDoor(request, "/api/discounts/options");
    return json(await discountOptions(actor));
  });
}

export function action(_: ActionFunctionArgs) {
  return methodNotAllowed();
}
