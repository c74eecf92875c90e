import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";

import { requireAdmin } from "~/models/accounts/auth.server";
import { adminOrderWhere, ordersCsvStream } from "~/models/orders/order-list.server";
import { orderListQuerySchema } from "~/schemas/order-ops";
import { shopDay } from "~/utils/shop-time";

/** GET /admin/orderlist.csv?status&keyword&from&to: the filtered order list, one row per order line. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const q = orderListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const csv = ordersCsvStream(adminOrderWhere({ filter: q.status, keyword: q.keyword, from: q.from, to: q.to }));
  return new Response(createReadableStreamFromReadable(csv), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${shopDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
