import { createReadableStreamFromReadable } from "@remix-run/node";

import { stockCsvStream } from "~/models/catalogue/stock-csv.server";
import { shopDay } from "~/utils/shop-time";

/** The stock export as a download (the admin's link and the API). */
export function stockCsvResponse(): Response {
  return new Response(createReadableStreamFromReadable(stockCsvStream()), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="stock-${shopDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
