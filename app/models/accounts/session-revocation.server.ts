import crypto from "node:crypto";

import { Prisma } from "@prisma/client";

import { prisma } from "~/models/platform/index.server";

// Logout ends a sign-in on the server, not just in the browser that logged
// out: the signed cookie carries a random session id, logout records it here,
// and the user lookup every signed-in request already makes refuses it
// (docs/decisions/016-session-revocation.md). Guests cost no query.

/** A fresh session id for a new sign-in. */
export function newSessionId() {
  return crypto.randomUUID();
}

/**
 * The condition that finds the signed-in user only while the sign-in stands:
 * folded into the one user lookup (a NOT EXISTS on the primary key), so it
 * costs no extra round trip. SQL, for that lookup's raw statement
 * (auth.server.ts), where `u` is the "User" row.
 */
export function notRevokedSql(sessionId: string) {
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM "RevokedSession" r WHERE r.id = ${sessionId} AND r."userId" = u.id)`;
}

/**
 * Records a sign-in as ended until it would have expired anyway, and prunes
 * records that have (cheap: indexed, and only on logout).
 */
export async function revokeSession({ sessionId, userId, expiresAt }: { sessionId: string; userId: number; expiresAt: number }) {
  const now = new Date();
  if (expiresAt <= now.getTime()) return;
  await prisma.$transaction([
    prisma.revokedSession.deleteMany({ where: { expiresAt: { lt: now } } }),
    // A user deleted meanwhile has nothing left to revoke (the foreign key would refuse the row).
    prisma.$executeRaw`INSERT INTO "RevokedSession" (id, "userId", "expiresAt")
      SELECT ${sessionId}, id, ${new Date(expiresAt)} FROM "User" WHERE id = ${userId}
      ON CONFLICT (id) DO NOTHING`,
  ]);
}
