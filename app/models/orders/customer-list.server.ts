import { Prisma } from "@prisma/client";

import type { CustomerKind } from "~/schemas/customer";
import { prisma } from "~/models/platform/index.server";
import { toLatinDigits } from "~/utils/digits";
import { ADMIN_PAGE_SIZE, pageCount, pageOffset } from "~/utils/paging";
import { normalizeBdMobile } from "~/utils/phone";
import { likeTerm } from "~/utils/search";

import { accountIdByEmail, accountRowsSql, joinAccountSql, noAccountWithEmailSql } from "~/models/accounts/index.server";
import { toTaka } from "~/models/catalogue/index.server";

// The back office's customers (issue 28 item 5, decision 067): everyone who
// has an account, and everyone who ordered without one (a guest checkout, or
// an account deleted since), known by the e-mail on their orders. Each with
// how many orders they placed and what they paid, counted in SQL for the one
// page shown. "A customer's orders" is one rule (customerOrderWhere), used by
// the admin order list's `?customer=` filter, and the counts here match it.
// The list lives with the orders it counts; the accounts' part of its one
// statement is SQL lent by accounts' face (decision 116).

export { CUSTOMER_KINDS, type CustomerKind } from "~/schemas/customer";

export type CustomerDTO = {
  /** An account, or a buyer without one (guest orders, or a deleted account's). */
  kind: "account" | "guest";
  /** The account's id; null for a guest. */
  id: number | null;
  /** The account's name; a guest's, as on their latest order. */
  name: string;
  email: string;
  /** As on their latest order (accounts keep no phone); null before any order. */
  phone: string | null;
  isAdmin: boolean;
  /** Orders placed and not cancelled. */
  orders: number;
  cancelled: number;
  /** The totals of those orders marked paid, in taka. */
  spent: number;
  /** When the account was made, or a guest's first order. */
  since: string;
};

/** An e-mail or a phone number, as the order list's `?customer=` takes it. */
export type CustomerContact = { email: string } | { phone: string };

/** `?customer=` as typed or linked: an e-mail (any case), or a phone in any usual form (+880, dashes, Bangla digits). */
export function parseCustomerContact(raw: string | null | undefined): CustomerContact | null {
  const value = raw?.replaceAll("\u0000", "").trim();
  if (!value) return null;
  if (value.includes("@")) return { email: value.toLowerCase() };
  return { phone: normalizeBdMobile(value) ?? toLatinDigits(value) };
}

/**
 * A customer's orders (`?customer=`, or null when it names nobody): by
 * e-mail, the orders of the account with that e-mail and the orders without
 * an account placed with it (e-mails are stored lower-cased); by phone, every
 * order placed with that number. The account is looked up first, so the
 * order query is two index probes (a join inside an OR would read every order).
 */
export async function customerOrderWhere(customer: string | null | undefined): Promise<Prisma.OrderWhereInput | null> {
  const contact = parseCustomerContact(customer);
  if (!contact) return null;
  if ("phone" in contact) return { phone: contact.phone };
  const accountId = await accountIdByEmail(contact.email);
  const withoutAccount = { userId: null, shippingEmail: contact.email };
  return accountId !== null ? { OR: [{ userId: accountId }, withoutAccount] } : withoutAccount;
}

/** What to look for in Order.phone for a keyword (full numbers as stored, or 4+ digits as typed). */
function phoneKeys(keyword: string): string[] {
  const full = normalizeBdMobile(keyword);
  if (full) return [full];
  const digits = toLatinDigits(keyword).replace(/[\s\-.()+]/g, "");
  return /^\d{4,}$/.test(digits) ? [digits] : [];
}

/**
 * The customers matching the filters, as one SQL set of (account id or
 * null, e-mail, since). Buyers without an account are the e-mails of orders
 * without one (an index holds exactly those, with their dates) that no
 * account has. A keyword matches an account's name or e-mail, a phone on its
 * orders, and a guest's name, e-mail or phone on any of their orders.
 */
function customerSet(kind: CustomerKind, keyword: string | null | undefined): Prisma.Sql {
  const term = likeTerm(keyword);
  const like = term ? `%${term}%` : null;
  const phones = term ? phoneKeys(keyword!.trim()) : [];
  // An account matches by its name or e-mail (accounts' SQL), or by a phone on its orders (ours).
  const accountMatch = like
    ? { like, ids: Prisma.sql`SELECT o."userId" FROM "Order" o WHERE o.phone = ANY(${phones}::text[]) AND o."userId" IS NOT NULL` }
    : undefined;
  // The guests with a matching order first (a scan, as the order list's search), then only their orders grouped.
  const guestMatch = like
    ? Prisma.sql`AND o."shippingEmail" IN (SELECT m."shippingEmail" FROM "Order" m WHERE m."userId" IS NULL
        AND (m."shippingEmail" ILIKE ${like} OR m."shippingName" ILIKE ${like} OR m.phone = ANY(${phones}::text[])))`
    : Prisma.empty;
  const accounts = accountRowsSql(accountMatch);
  const guests = Prisma.sql`
    SELECT NULL::int AS id, g.email, g.since FROM (
      SELECT o."shippingEmail" AS email, min(o."createdAt") AS since
      FROM "Order" o WHERE o."userId" IS NULL ${guestMatch}
      GROUP BY o."shippingEmail"
    ) g
    WHERE ${noAccountWithEmailSql(Prisma.sql`g.email`)}`;
  if (kind === "accounts") return accounts;
  if (kind === "guests") return guests;
  return Prisma.sql`${accounts} UNION ALL ${guests}`;
}

type Row = {
  total: bigint;
  id: number | null;
  email: string;
  since: Date;
  name: string | null;
  is_admin: boolean | null;
  guest_name: string | null;
  phone: string | null;
  orders: bigint;
  cancelled: bigint;
  spent: bigint;
};

/**
 * One page of customers, newest first (an account by when it was made, a
 * guest by their first order). Only the page's rows are counted: each one's
 * orders are read through the index on userId or on the e-mail of orders
 * without an account (migration 20261129300000), never the whole table.
 */
export async function listCustomersPage({
  keyword,
  kind = "all",
  page = 1,
  pageSize = ADMIN_PAGE_SIZE,
}: {
  keyword?: string | null;
  kind?: CustomerKind;
  page?: number;
  pageSize?: number;
}): Promise<{ customers: CustomerDTO[]; page: number; pages: number; total: number }> {
  const set = customerSet(kind, keyword);
  const skip = pageOffset(page, pageSize) ?? Number.MAX_SAFE_INTEGER;
  // One statement: the set is built once (guests are grouped from their orders) for both the count and the page.
  const rows = await prisma.$queryRaw<Row[]>`
      WITH c AS MATERIALIZED (${set}),
      page AS (SELECT * FROM c ORDER BY since DESC, id DESC NULLS LAST, email LIMIT ${pageSize}::int OFFSET ${skip}::bigint)
      SELECT (SELECT count(*) FROM c) AS total, p.id, p.email, p.since, u.name, u.is_admin, a.guest_name, a.phone,
             COALESCE(a.orders, 0) AS orders, COALESCE(a.cancelled, 0) AS cancelled, COALESCE(a.spent, 0) AS spent
      FROM page p
      ${joinAccountSql("u", Prisma.sql`p.id`)}
      LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE o."cancelledAt" IS NULL) AS orders,
               count(*) FILTER (WHERE o."cancelledAt" IS NOT NULL) AS cancelled,
               COALESCE(sum(o."totalPaisa") FILTER (WHERE o."isPaid" AND o."cancelledAt" IS NULL), 0)::bigint AS spent,
               (array_agg(o."shippingName" ORDER BY o."createdAt" DESC))[1] AS guest_name,
               (array_agg(o.phone ORDER BY o."createdAt" DESC))[1] AS phone
        FROM (
          SELECT * FROM "Order" WHERE "userId" = p.id
          UNION ALL
          SELECT * FROM "Order" WHERE "userId" IS NULL AND "shippingEmail" = p.email
        ) o
      ) a ON true
      ORDER BY p.since DESC, p.id DESC NULLS LAST, p.email`;
  // A page past the end has no rows to carry the count: ask for it alone (a stale link, then redirected).
  const total =
    rows[0] !== undefined
      ? Number(rows[0].total)
      : page === 1
        ? 0
        : Number((await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM (${set}) c`)[0]?.n ?? 0);
  return {
    customers: rows.map((r) => ({
      kind: r.id === null ? "guest" : "account",
      id: r.id,
      name: r.name ?? r.guest_name ?? r.email,
      email: r.email,
      phone: r.phone,
      isAdmin: r.is_admin ?? false,
      orders: Number(r.orders),
      cancelled: Number(r.cancelled),
      spent: toTaka(Number(r.spent)),
      since: r.since.toISOString(),
    })),
    page,
    pages: pageCount(total, pageSize),
    total,
  };
}
