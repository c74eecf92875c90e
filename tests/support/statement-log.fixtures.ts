import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";

/**
 * A Prisma client that records every SQL statement, put where db.server looks
 * for the shared one. Call before importing any app module (use dynamic
 * imports after it), then count statements to prove a query stays constant.
 */
export function installStatementLog() {
  const sql: string[] = [];
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }),
    log: [{ emit: "event", level: "query" }],
  });
  client.$on("query", (event) => sql.push(event.query));
  // Both clients db.server hands out: the primary's and the catalogue's (the same without replicas).
  (globalThis as unknown as { db: { prisma: PrismaClient; catalogueDb: PrismaClient } }).db = { prisma: client, catalogueDb: client };
  return { sql, client };
}
