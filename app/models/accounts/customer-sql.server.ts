import { Prisma } from "@prisma/client";

import { prisma } from "~/models/platform/index.server";

// The accounts' part of the back office's customer list (orders/customer-list.server.ts, decision
// 116). That list pages accounts and buyers without one together, newest first, in one statement:
// the two interleave by date, so neither can be paged alone. Orders, the domain that knows both,
// writes the statement; the SQL that reads "User" is lent from here, so its table stays ours.

/** The accounts as rows (id, email, since): all, or those whose name or e-mail is ILIKE `like`, or whose id `ids` (SQL) gives. */
export function accountRowsSql(match?: { like: string; ids: Prisma.Sql }): Prisma.Sql {
  const where = match ? Prisma.sql`WHERE u.name ILIKE ${match.like} OR u.email ILIKE ${match.like} OR u.id IN (${match.ids})` : Prisma.empty;
  return Prisma.sql`SELECT u.id, u.email, u."createdAt" AS since FROM "User" u ${where}`;
}

/** SQL, true when no account has the e-mail (an SQL expression: e-mails are stored lower-cased). */
export function noAccountWithEmailSql(email: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM "User" u WHERE u.email = ${email})`;
}

/** A LEFT JOIN naming `alias`, with `name` and `is_admin` of the account whose id the SQL `id` gives (NULLs for none). */
export function joinAccountSql(alias: string, id: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`LEFT JOIN LATERAL (SELECT u.name, u."isAdmin" AS is_admin FROM "User" u WHERE u.id = ${id}) ${Prisma.raw(alias)} ON true`;
}

/** The id of the account with this e-mail (already lower-cased), or null. */
export async function accountIdByEmail(email: string): Promise<number | null> {
  return (await prisma.user.findUnique({ where: { email }, select: { id: true } }))?.id ?? null;
}
