import type { Readable } from "node:stream";

import type { Prisma } from "@prisma/client";
import { stringify } from "csv-stringify";

import type { OrderFilter } from "~/schemas/order";
import { CANCEL_REASON_LABELS, COURIER_LABELS, COURIERS, type Courier, type OrderCancelReason } from "~/schemas/order-ops";
import { prisma } from "~/models/platform/index.server";
import { formatOrderNumber, parseOrderNumber } from "~/utils/order-number";
import { likeTerm } from "~/utils/search";
import { normalizeBdMobile } from "~/utils/phone";
import { shopDateTime, startOfShopDay } from "~/utils/shop-time";
import { toLatinDigits } from "~/utils/digits";
import { cashToCollectPaisa } from "~/utils/money";

import { toTaka } from "~/models/catalogue/index.server";
import { customerOrderWhere } from "./customer-list.server";
import { ADMIN_PAGE_SIZE, fetchPage } from "~/utils/paging";
import { orderInclude, toOrderDTO, type OrderDTO } from "./order-dto.server";

// Which orders the admin order list shows (its page and its CSV export).

/** The filters; the dashboard's "Waiting for action" groups count the same four (decision 085). */
export const statusWhere: Record<OrderFilter, Prisma.OrderWhereInput> = {
  all: {},
  // Cash on delivery awaiting its code or a call (decision 055): call these buyers first.
  unconfirmed: { confirmedAt: null, cancelledAt: null },
  // "Still to do" lists: a cancelled order needs nothing more.
  undelivered: { isDelivered: false, cancelledAt: null },
  // Confirmed and still at the shop: pack these and hand them to a courier.
  toship: { confirmedAt: { not: null }, shippedAt: null, isDelivered: false, cancelledAt: null },
  // With a courier, not yet delivered: the parcels out on the road.
  shipped: { shippedAt: { not: null }, isDelivered: false, cancelledAt: null },
  // Delivered but not marked paid: the cash is with the rider or the courier's payout (decision 085).
  tocollect: { isDelivered: true, isPaid: false, cancelledAt: null },
  unpaid: { isPaid: false, cancelledAt: null },
  cancelled: { cancelledAt: { not: null } },
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Orders with the given status, placed between `from` and `to` (Dhaka dates,
 * both included), whose id starts with the keyword, whose order number it is,
 * or whose buyer's name, e-mail or phone contains it.
 */
export function adminOrderWhere({
  filter = "all",
  keyword,
  from,
  to,
  customer,
}: {
  filter?: OrderFilter;
  keyword?: string | null;
  from?: string;
  to?: string;
  /** One customer's orders (customerOrderWhere, customer-list.server.ts). */
  customer?: Prisma.OrderWhereInput | null;
}): Prisma.OrderWhereInput {
  const term = likeTerm(keyword);
  const number = term ? parseOrderNumber(term) : null;
  const phones = term ? phoneTerms(term) : [];
  const createdAt: Prisma.DateTimeFilter = {};
  if (from) createdAt.gte = startOfShopDay(from);
  if (to) createdAt.lt = new Date(startOfShopDay(to).getTime() + DAY_MS);
  return {
    ...statusWhere[filter],
    ...(from || to ? { createdAt } : {}),
    ...(customer ? { AND: [customer] } : {}),
    ...(term
      ? {
          OR: [
            { id: { startsWith: term.toLowerCase() } },
            // The short number from the order page or a phone call: "TB-10042" or "10042".
            ...(number === null ? [] : [{ number }]),
            { shippingName: { contains: term, mode: "insensitive" } },
            { shippingEmail: { contains: term, mode: "insensitive" } },
            { user: { name: { contains: term, mode: "insensitive" } } },
            ...phones.map((phone) => ({ phone: { contains: phone } })),
          ],
        }
      : {}),
  };
}

/**
 * What to look for in Order.phone when the admin types a phone number as the
 * caller said it: "+880 1711-000000", "০১৭১১০০০০০০" and "01711000000" all
 * find the stored 11-digit form; a fragment of four or more digits ("000000")
 * finds the numbers containing it. Orders placed before numbers were
 * normalised may hold dashes, so the digits are matched as typed too.
 */
function phoneTerms(term: string): string[] {
  const full = normalizeBdMobile(term);
  if (full) return [full];
  const latin = toLatinDigits(term).trim();
  const digits = latin.replace(/[\s\-.()+]/g, "");
  if (!/^\d{4,}$/.test(digits)) return [];
  return [...new Set([digits, latin])];
}

// Times are Dhaka wall-clock times, as on every screen; the header says so
// because a spreadsheet cannot tell.
const DHAKA = "(Dhaka time, UTC+6)";

const CSV_COLUMNS = [
  "Order number",
  "Order ID",
  `Placed at ${DHAKA}`,
  "Buyer",
  "E-mail",
  "Phone",
  "Address",
  "City",
  "Postal code",
  "Product",
  // The variant's colour (issue 38), empty on a line of a product without colours.
  "Colour",
  "Size",
  "Quantity",
  "Unit price (৳)",
  "Line total (৳)",
  "Order total (৳)",
  `Paid at ${DHAKA}`,
  `Delivered at ${DHAKA}`,
  `Cancelled at ${DHAKA}`,
  "Cancel reason",
  // For a courier's bulk upload and matching its payout (issue 41 item 2).
  "Confirmed",
  `Confirmed at ${DHAKA}`,
  `Shipped at ${DHAKA}`,
  "Courier",
  "Tracking number",
  "Cash to collect (৳)",
  // What the courier last said and handed over (issue 37): matching a payout without the admin page.
  "Courier status",
  "Collected by courier (৳)",
  // The buyer's phone record badge (issue 37), as the order list shows it.
  "Buyer badge",
];

/** How a cash-on-delivery order was confirmed (decision 055), as the admin order page says it. */
const CONFIRMED_HOW: Record<string, string> = { code: "By SMS code", call: "By call", delivery: "On delivery", auto: "Not needed" };

const courierName = (code: string | null) => (code ? ((COURIERS as readonly string[]).includes(code) ? COURIER_LABELS[code as Courier] : code) : "");

const BATCH = 200;

/** The matching orders in batches, newest first, by keyset so a large export never holds all rows. */
async function* orderBatches(where: Prisma.OrderWhereInput) {
  let cursor: { number: number } | undefined;
  for (;;) {
    const rows = await prisma.order.findMany({
      where: cursor ? { AND: [where, { number: { lt: cursor.number } }] } : where,
      orderBy: { number: "desc" },
      take: BATCH,
      include: { items: { orderBy: { id: "asc" } } },
    });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
    cursor = { number: rows.at(-1)!.number };
  }
}

const dhaka = (d: Date | null) => (d ? shopDateTime(d) : "");

/**
 * The orders as CSV, one row per order line, streamed as it is read. UTF-8
 * with a byte-order mark so Excel shows ৳ and Bangla names; csv-stringify
 * quotes commas, quotes and line breaks.
 */
export function ordersCsvStream(
  where: Prisma.OrderWhereInput,
  /** The badge of each phone in a batch; the route passes the customers domain's lookup. */
  badgesOf: (phones: string[]) => Promise<Map<string, string>> = async () => new Map(),
): Readable {
  const csv = stringify({ header: true, columns: CSV_COLUMNS, bom: true, record_delimiter: "windows" });
  void (async () => {
    try {
      for await (const rows of orderBatches(where)) {
        const badges = await badgesOf(rows.map((o) => o.phone));
        for (const o of rows) {
          for (const i of o.items) {
            const row = [
              formatOrderNumber(o.number),
              o.id,
              shopDateTime(o.createdAt),
              o.shippingName,
              o.shippingEmail,
              // A courier's upload takes ASCII digits; names and addresses stay as typed, Bangla included.
              toLatinDigits(o.phone),
              o.address,
              o.city,
              toLatinDigits(o.postalCode),
              i.name,
              i.color ?? "",
              i.selectedSize,
              i.qty,
              toTaka(i.pricePaisa).toFixed(2),
              toTaka(i.pricePaisa * i.qty).toFixed(2),
              toTaka(o.totalPaisa).toFixed(2),
              dhaka(o.paidAt),
              dhaka(o.deliveredAt),
              dhaka(o.cancelledAt),
              o.cancelReason ? (CANCEL_REASON_LABELS[o.cancelReason as OrderCancelReason] ?? o.cancelReason) : "",
              o.confirmedAt ? (CONFIRMED_HOW[o.confirmMethod ?? ""] ?? "Yes") : "Not yet",
              dhaka(o.confirmedAt),
              dhaka(o.shippedAt),
              courierName(o.courier),
              o.trackingNumber ?? "",
              // Whole taka (decision 085): what the rider asks for; nothing on a paid or cancelled order.
              o.cancelledAt ? 0 : cashToCollectPaisa(o.totalPaisa, o.isPaid) / 100,
              o.courierStatus ?? "",
              o.codCollectedPaisa === null ? "" : toTaka(o.codCollectedPaisa).toFixed(2),
              badges.get(o.phone) ?? "",
            ];
            // Respect back-pressure: wait for the reader when the buffer is full.
            if (!csv.write(row)) await new Promise((resolve) => csv.once("drain", resolve));
          }
        }
      }
      csv.end();
    } catch (error) {
      console.error(error);
      csv.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return csv;
}

const newestFirst: Prisma.OrderOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "asc" }];

/** An order as the admin table lists it: whether it was a guest checkout tells a guest from a deleted account. */
export type AdminOrderDTO = OrderDTO & { placedAsGuest: boolean };

/**
 * One page of the orders, newest first (the admin order table), filtered as
 * adminOrderWhere says.
 */
export async function listOrdersPage({
  page = 1,
  pageSize = ADMIN_PAGE_SIZE,
  filter = "all",
  keyword,
  from,
  to,
  customer,
  buyers,
}: {
  page?: number;
  pageSize?: number;
  filter?: OrderFilter;
  keyword?: string | null;
  /** Dhaka dates (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
  /** One customer's orders, by e-mail or phone. */
  customer?: string | null;
  /** Only these buyers' orders: the badge filter, customers' badgeOrderWhere (issue 37, decision 110). */
  buyers?: Prisma.OrderWhereInput | null;
}): Promise<{ orders: AdminOrderDTO[]; page: number; pages: number }> {
  const base = adminOrderWhere({ filter, keyword, from, to, customer: await customerOrderWhere(customer) });
  const where = buyers ? { AND: [base, buyers] } : base;
  const { items, pages } = await fetchPage(
    page,
    pageSize,
    () => prisma.order.count({ where }),
    (window) => prisma.order.findMany({ where, include: orderInclude, orderBy: newestFirst, ...window }),
  );
  return { orders: items.map((row) => ({ ...toOrderDTO(row), placedAsGuest: row.placedAsGuest })), page, pages };
}
