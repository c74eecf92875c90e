import { prisma } from "~/models/platform/index.server";
import type { Badge } from "~/schemas/customer-phone";

import { listPhoneRecords, type PhoneRecordRow } from "~/models/customers/index.server";

// "Customers by phone" (issue 37): the customers domain pages the phones' records, and the orders
// add what only they know of each phone: the name on its latest order and how many accounts
// ordered with it (decision 116). Two statements for the page instead of one, each reading its
// own domain's tables: an admin list of 20 phones, both probes on the index of Order(phone).

export type CustomerRow = PhoneRecordRow & { name: string | null; accounts: number };

/** "Customers by phone": guests and accounts together, the latest buyer first; `q` a phone's start. */
export async function listCustomersByPhone(query: { page?: number; q?: string; badge?: Badge | null }) {
  const { records, ...list } = await listPhoneRecords(query);
  const buyers = await buyersOfPhones(records.map((r) => r.phone));
  const customers: CustomerRow[] = records.map((r) => ({ ...r, ...(buyers.get(r.phone) ?? { name: null, accounts: 0 }) }));
  return { customers, ...list };
}

/** Each phone's latest name on an order and how many accounts ordered with it (guest orders count none). */
async function buyersOfPhones(phones: string[]): Promise<Map<string, { name: string | null; accounts: number }>> {
  if (phones.length === 0) return new Map();
  const rows = await prisma.$queryRaw<{ phone: string; name: string | null; accounts: number }[]>`
    SELECT k.phone,
      (SELECT o."shippingName" FROM "Order" o WHERE o.phone = k.phone ORDER BY o."createdAt" DESC LIMIT 1) AS name,
      (SELECT count(DISTINCT o."userId")::int FROM "Order" o WHERE o.phone = k.phone) AS accounts
    FROM unnest(${phones}::text[]) AS k(phone)`;
  return new Map(rows.map(({ phone, ...buyer }) => [phone, buyer]));
}
