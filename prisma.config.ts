// Prisma CLI configuration. These machines cannot download Prisma's native
// engines, so the CLI runs its WASM schema engine through the pg driver
// adapter (see docs/decisions/004-prisma-without-native-engines.md).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { defineConfig } from "prisma/config";

// Workaround for prisma/orm#27403: the WASM schema engine cannot deserialize
// PostgreSQL's `name` (OID 19) and `"char"` (OID 18) columns. Report them as
// `text` (OID 25). CLI process only; drop when a Prisma release fixes it.
const patched = Symbol.for("apparel-shop.pg-name-oid-patch");
const proto = pg.Client.prototype as unknown as Record<symbol, boolean> & {
  query: (...args: unknown[]) => unknown;
};
type Result = { fields?: { dataTypeID: number }[] } | undefined;
const asText = (res: Result) => {
  for (const field of res?.fields ?? []) {
    if (field.dataTypeID === 19 || field.dataTypeID === 18) field.dataTypeID = 25;
  }
  return res;
};
if (!proto[patched]) {
  proto[patched] = true;
  const original = proto.query;
  proto.query = function patchedQuery(this: unknown, ...args: unknown[]) {
    // pg.Pool calls client.query with a callback; direct callers get a promise.
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as (err: unknown, res: Result) => void;
      args[last] = (err: unknown, res: Result) => callback(err, asText(res));
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<Result>).then === "function") {
      return (result as Promise<Result>).then(asText);
    }
    return result;
  };
}

// `prisma generate` never connects, but with DATABASE_URL unset the CLI falls
// back to downloading a native engine, which fails here. Any URL will do.
if (!process.env.DATABASE_URL && process.argv.includes("generate")) {
  process.env.DATABASE_URL = "postgresql://generate-only@localhost/unused";
}

function connectionFields(url: string | undefined) {
  if (!url) throw new Error("DATABASE_URL is not set (npm start and npm test set it for you).");
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
  };
}

export default defineConfig({
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  experimental: { adapter: true },
  engine: "js",
  // Fields, not a connection string: otherwise migrate dev ignores the shadow database (P3006).
  adapter: async () => new PrismaPg(connectionFields(process.env.DATABASE_URL)),
});
