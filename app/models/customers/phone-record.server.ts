import { Prisma } from "@prisma/client";

import { prisma, type ShopSettings, type Tx } from "~/models/platform/index.server";
import type { Badge } from "~/schemas/customer-phone";

// A phone's delivery record (issue 37, docs/decisions/092). The shop's own counts live in
// "PhoneRecord", kept by triggers on "Order" in the transaction that changes an order; a courier's
// record of the phone sits beside it ("CourierPhoneCheck", courier-record.server.ts). The badge rule
// is the SQL function phone_badge() (decision 110): triggers keep PhoneRecord.badge with it, so the
// order list's filter, the pages and checkout agree.

export type Thresholds = Pick<ShopSettings, "riskyBelowPercent" | "riskyMinFailures">;

export type CourierRecord = { source: string; parcels: number; delivered: number; cancelled: number; checkedAt: string };

/** GET /api/customers/phone/{phone} and an admin's order view (`buyerRecord`): see docs/api.md. */
export type BuyerRecord = {
  phone: string;
  badge: Badge;
  placed: number;
  confirmed: number;
  delivered: number;
  /** Refused at the door or returned by the courier. */
  returned: number;
  /** Cancelled by the buyer. */
  cancelled: number;
  /** Never confirmed (the hold ran out). */
  notConfirmed: number;
  /** Delivered share of the settled orders (delivered, returned, not confirmed), 0–100; null before any. */
  successRate: number | null;
  courier: CourierRecord | null;
  note: string | null;
  blockReason: string | null;
};

type Row = {
  phone: string;
  placed: number;
  confirmed: number;
  delivered: number;
  returned: number;
  cancelled: number;
  notConfirmed: number;
  note: string | null;
  blockReason: string | null;
  badge: Badge;
  source: string | null;
  cParcels: number | null;
  cDelivered: number | null;
  cCancelled: number | null;
  checkedAt: Date | null;
};

/**
 * The badge of k.phone (r: its PhoneRecord, c: its courier check). A phone with a record has its
 * badge stored, kept by triggers under the saved thresholds (decision 110); one without orders is
 * worked out by the same rule, phone_badge(), from the courier's record alone.
 */
export function badgeSql(t: Thresholds) {
  return Prisma.sql`coalesce(r.badge, phone_badge(false, 0, 0, 0, c.delivered, c.cancelled, ${t.riskyMinFailures}::int, ${t.riskyBelowPercent}::int))`;
}

/** The columns of a Row, for phones in k(phone). */
export function recordColumns(t: Thresholds) {
  return Prisma.sql`k.phone,
    coalesce(r.placed, 0)::int AS placed, coalesce(r.confirmed, 0)::int AS confirmed, coalesce(r.delivered, 0)::int AS delivered,
    coalesce(r.returned, 0)::int AS returned, coalesce(r.cancelled, 0)::int AS cancelled, coalesce(r."notConfirmed", 0)::int AS "notConfirmed",
    r.note, CASE WHEN r.blocked THEN r."blockReason" END AS "blockReason", ${badgeSql(t)} AS badge,
    c.source, c.parcels AS "cParcels", c.delivered AS "cDelivered", c.cancelled AS "cCancelled", c."checkedAt"`;
}

const JOINS = Prisma.sql`LEFT JOIN "PhoneRecord" r ON r.phone = k.phone LEFT JOIN "CourierPhoneCheck" c ON c.phone = k.phone`;

export function toBuyerRecord(row: Row): BuyerRecord {
  const settled = row.delivered + row.returned + row.notConfirmed;
  return {
    phone: row.phone,
    badge: row.badge,
    placed: row.placed,
    confirmed: row.confirmed,
    delivered: row.delivered,
    returned: row.returned,
    cancelled: row.cancelled,
    notConfirmed: row.notConfirmed,
    successRate: settled ? Math.round((row.delivered * 100) / settled) : null,
    courier:
      row.source && row.checkedAt
        ? {
            source: row.source,
            parcels: row.cParcels ?? 0,
            delivered: row.cDelivered ?? 0,
            cancelled: row.cCancelled ?? 0,
            checkedAt: row.checkedAt.toISOString(),
          }
        : null,
    note: row.note,
    blockReason: row.blockReason,
  };
}

/** One phone's record (the stored 11-digit form). */
export async function readRecord(db: Tx | typeof prisma, phone: string, t: Thresholds): Promise<BuyerRecord> {
  const [row] = await db.$queryRaw<Row[]>`SELECT ${recordColumns(t)} FROM (SELECT ${phone}::text AS phone) k ${JOINS}`;
  return toBuyerRecord(row!);
}

/** Many phones' records in one query (the order list): by phone. */
export async function readRecords(phones: string[], t: Thresholds): Promise<Map<string, BuyerRecord>> {
  const unique = [...new Set(phones)];
  if (unique.length === 0) return new Map();
  const rows = await prisma.$queryRaw<Row[]>`SELECT ${recordColumns(t)} FROM unnest(${unique}::text[]) AS k(phone) ${JOINS}`;
  return new Map(rows.map((r) => [r.phone, toBuyerRecord(r)]));
}

/**
 * The orders whose buyer's phone has this badge now (the order list's filter and its CSV): a
 * semi-join on the badge's index, exact, with no list of phones sent to the database.
 */
export function badgeOrderWhere(badge: Badge): Prisma.OrderWhereInput {
  return { phoneRecord: { badge } };
}
