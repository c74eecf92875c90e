import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { modelSources, modelsDir, root } from "../support/model-sources";

// Issue 39's done-when: no Prisma call on another domain's model outside its
// own folder. Each model belongs to the domain its prisma/schema/<file>.prisma
// is named after (two files are named for a part of a domain, below); a file
// under app/models/<domain>/ may call only its own domain's models, through a
// model delegate (`prisma.order.findMany(`, `tx.order.update(`) or raw SQL
// (`FROM "Order"`). Another domain's data comes through that domain's face:
// its index.server.ts, SQL it lends there, or a view it publishes (below).

const schemaDir = path.join(root, "prisma/schema");
const migrationsDir = path.join(root, "prisma/migrations");

/** Schema files named for a part of a domain rather than a folder of app/models. */
const SCHEMA_DOMAIN: Record<string, string> = {
  payouts: "orders", // courier payouts are recorded by orders/payouts.server.ts
  search: "catalogue", // the search words and synonyms are the catalogue's
};

/**
 * The views the migrations create, each a domain's face in SQL (decision 116):
 * any domain may read one inside its own statement, and it reads only its
 * owner's tables, so the owner alone decides what it means.
 */
const VIEWS: Record<string, string> = {
  delivered_purchase: "orders", // an account received a product: a review's verified mark, the review hold
};

const DELEGATE_METHODS =
  "findMany|findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|create|createMany|createManyAndReturn|update|updateMany|upsert|delete|deleteMany|count|aggregate|groupBy";

function modelOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of fs.readdirSync(schemaDir).filter((f) => f.endsWith(".prisma"))) {
    const name = path.basename(file, ".prisma");
    const domain = SCHEMA_DOMAIN[name] ?? name;
    for (const m of fs.readFileSync(path.join(schemaDir, file), "utf8").matchAll(/^model\s+(\w+)\s*\{/gm)) owners.set(m[1]!, domain);
  }
  return owners;
}

/** Every "<file>: <Model>" where a file of one domain calls a model of another. */
function crossings(owners: Map<string, string>): Set<string> {
  const byDelegate = new Map([...owners.keys()].map((m) => [m[0]!.toLowerCase() + m.slice(1), m]));
  const delegate = new RegExp(`\\.\\s*(${[...byDelegate.keys()].join("|")})\\s*\\.\\s*(?:${DELEGATE_METHODS})\\s*\\(`, "g");
  const raw = new RegExp(`\\b(?:FROM|JOIN|UPDATE|INTO)\\s+"(${[...owners.keys()].join("|")})"`, "g");
  const found = new Set<string>();
  for (const { domain, file, text } of modelSources()) {
    const rel = path.relative(modelsDir, file);
    const models = [...[...text.matchAll(delegate)].map((m) => byDelegate.get(m[1]!)!), ...[...text.matchAll(raw)].map((m) => m[1]!)];
    for (const model of models) if (owners.get(model) !== domain) found.add(`${rel}: ${model}`);
  }
  return found;
}

describe("each domain's tables are called only from its own folder", () => {
  const owners = modelOwners();

  it("knows the owner of every model", () => {
    expect(owners.size).toBeGreaterThan(30);
    const folders = new Set(fs.readdirSync(modelsDir));
    expect([...new Set(owners.values())].filter((d) => !folders.has(d))).toEqual([]);
  });

  it("finds no Prisma call on another domain's model", () => {
    expect([...crossings(owners)].sort()).toEqual([]);
  });

  it("knows the owner of every view, and a view reads only its owner's tables", () => {
    const views = new Map<string, string>();
    for (const dir of fs.readdirSync(migrationsDir).sort()) {
      const file = path.join(migrationsDir, dir, "migration.sql");
      if (!fs.existsSync(file)) continue;
      for (const m of fs.readFileSync(file, "utf8").matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?VIEW\s+"?(\w+)"?\s+AS\s+([^;]*);/gi)) views.set(m[1]!, m[2]!);
    }
    expect([...views.keys()].sort()).toEqual(Object.keys(VIEWS).sort());
    for (const [view, body] of views) {
      const read = [...body.matchAll(/"(\w+)"/g)].map((m) => m[1]!).filter((name) => owners.has(name));
      expect(read.length, view).toBeGreaterThan(0);
      expect(read.filter((model) => owners.get(model) !== VIEWS[view]).map((model) => `${view}: ${model}`)).toEqual([]);
    }
  });

  it("would see a crossing: the patterns match a delegate call and raw SQL", () => {
    expect("tx.order.findMany(").toMatch(new RegExp(`\\.\\s*order\\s*\\.\\s*(?:${DELEGATE_METHODS})\\s*\\(`));
    expect('UPDATE "ProductSize" SET').toMatch(/\bUPDATE\s+"ProductSize"/);
  });
});
