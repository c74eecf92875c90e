import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";

import type pg from "pg";

import { createPool, SCRIPT_LIMITS } from "./db-pool.server";
import { RoutingPool, startReplicas } from "./db-replicas.server";
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

function createClient(pool: pg.Pool) {
  return new PrismaClient({ adapter: new PrismaPg(pool) }).$extends({
    query: { $allModels: { $allOperations: ({ args, query }) => query(hasNul(args) ? withoutNul(args) : args) } },
  });
}

type Client = ReturnType<typeof createClient>;

/** The primary's client and, with DATABASE_REPLICA_URL set, the catalogue's own, reading from replicas. */
function createClients(): { prisma: Client; catalogueDb: Client; routing?: RoutingPool } {
  const primaryPool = createPool(env.DATABASE_URL, 10);
  const prisma = createClient(primaryPool);
  const replicas = startReplicas(env.DATABASE_REPLICA_URL, env.DATABASE_REPLICA_MAX_LAG_SECONDS, env.DATABASE_URL);
  if (replicas.length === 0) return { prisma, catalogueDb: prisma };
  const routing = new RoutingPool(primaryPool, replicas);
  return { prisma, catalogueDb: createClient(routing), routing };
}

// One set per process; kept on globalThis so test re-imports share it.
const globalForPrisma = globalThis as unknown as { db?: ReturnType<typeof createClients> };
const clients = (globalForPrisma.db ??= createClients());

/** The primary: every write, every transaction, sessions, stock at checkout, the back office. */
export const prisma = clients.prisma;

/**
 * Catalogue reads a shopper sees (lists, search, suggestions, product pages,
 * categories, footer, sitemap, the public API's reads): from a healthy read
 * replica when DATABASE_REPLICA_URL names any, else the same client as
 * `prisma`. Never for a write or for what must see a write just made
 * (db-replicas.server.ts routes a user who just wrote to the primary).
 */
export const catalogueDb = clients.catalogueDb;

/** The replicas' health, for /healthcheck and the cluster test. */
export function replicaHealth() {
  return (clients.routing?.replicas ?? []).map((r) => ({ replica: r.label, ...r.health }));
}

/** A client like `prisma` (the type services take when a caller may pass its own). */
export type Db = Client;

/**
 * A client of its own for a script (the demo seed): a small pool with
 * patient timeouts (SCRIPT_LIMITS), not the app's fail-fast one. Disconnect
 * it when done.
 */
export function createScriptClient(url: string = env.DATABASE_URL, max = 4): Db {
  return createClient(createPool(url, max, SCRIPT_LIMITS));
}

/** The client handed to a `prisma.$transaction(async (tx) => …)` callback. */
export type Tx = Parameters<Extract<Parameters<typeof prisma.$transaction>[0], (...args: never[]) => unknown>>[0];
