import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { requireApiAdmin } from "~/web/guards.server";
import { discountOptions } from "~/models/catalogue/discount.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";

/** GET /api/discounts/options (admin): `{ products, categories }` a discount can target. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return json(await discountOptions());
  });
}

export function action(_: ActionFunctionArgs) {
  return methodNotAllowed();
}
