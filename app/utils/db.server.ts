import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";

import { createPool } from "./db-pool.server";
import { env } from "./env.server";

/**
 * PostgreSQL text cannot hold a NUL character: a query carrying one fails
 * (22021) and would surface as a 500. NUL never means anything in a name,
 * address or review, so it is dropped from every query argument here, at the
 * one door every page and API call passes through.
 */
/** Allocation-free check first: almost no query carries a NUL, and then args pass through untouched. */
function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const key in value) if (hasNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

function withoutNul<T>(value: T): T {
  if (typeof value === "string") return (value.includes("\0") ? value.replaceAll("\0", "") : value) as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)])) as T;
  }
  return value; // Dates, Buffers (image bytes), Decimals: left as they are
}

function createClient() {
  return new PrismaClient({ adapter: new PrismaPg(createPool(env.DATABASE_URL, 10)) }).$extends({
    query: { $allModels: { $allOperations: ({ args, query }) => query(hasNul(args) ? withoutNul(args) : args) } },
  });
}

// One client per process; kept on globalThis so test re-imports share it.
const globalForPrisma = globalThis as unknown as { prisma?: ReturnType<typeof createClient> };

export const prisma = globalForPrisma.prisma ?? createClient();

globalForPrisma.prisma = prisma;

/** The client handed to a `prisma.$transaction(async (tx) => …)` callback. */
export type Tx = Parameters<Extract<Parameters<typeof prisma.$transaction>[0], (...args: never[]) => unknown>>[0];
