import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireAdmin } from "~/web/guards.server";
import { stockCsvResponse } from "~/web/stock-csv.server";

/** GET /admin/stock.csv: every variant, for editing in a spreadsheet and importing at /admin/stock. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return stockCsvResponse();
}
