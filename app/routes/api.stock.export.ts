import type { LoaderFunctionArgs } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { apiHandler } from "~/web/http.server";
import { stockCsvResponse } from "~/web/stock-csv.server";

/** GET (admin) → every variant as CSV: SKU, Product, Colour, Size, Stock. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await apiDoor(request, "/api/stock/export");
    return stockCsvResponse();
  });
}
