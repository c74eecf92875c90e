import { type AsyncLocalStorage } from "node:async_hooks";
import { type AddressInfo } from "node:net";
import { type Server } from "node:http";

import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createReadRouting, READ_YOUR_WRITES_COOKIE } from "../../server/read-routing.js";

// server/read-routing.js decides, per request, whether its reads go to the
// primary; app/utils/db-replicas.server.ts reads that decision from this
// store. A real Express server runs the routing as server.js does, and says
// what the app would have read.
const KEY = Symbol.for("tanabana.primary-reads");
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<boolean> };

const servers: Server[] = [];

async function serve(options: { replicas: boolean }): Promise<string> {
  const routeReads = createReadRouting(options);
  const app = express();
  app.all("*", (req, res) => {
    routeReads(req, res, () => res.json({ primary: holder[KEY]?.getStore() ?? null }));
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function reads(base: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, init);
  const { primary } = (await response.json()) as { primary: boolean | null };
  return { primary, setCookie: response.headers.get("set-cookie") };
}

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

describe("read routing with replicas", () => {
  let base = "";
  beforeAll(async () => {
    base = await serve({ replicas: true });
  });

  it("sends a shopper's pages, in either language, to the replicas", async () => {
    for (const path of ["/", "/product/7", "/bn/category/3/page/2", "/api/products", "/administrator"]) {
      expect(await reads(base, path), path).toEqual({ primary: false, setCookie: null });
    }
  });

  it("sends the back office to the primary", async () => {
    for (const path of ["/admin", "/admin/orders", "/admin/product/7/edit"]) expect((await reads(base, path)).primary, path).toBe(true);
  });

  it("sends a write to the primary and marks its author, whose next reads go there too", async () => {
    const write = await reads(base, "/cart", { method: "POST" });
    expect(write.primary).toBe(true);
    expect(write.setCookie).toMatch(new RegExp(`^${READ_YOUR_WRITES_COOKIE}=1; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Lax$`));
    const mark = write.setCookie!.split(";")[0]!;
    expect((await reads(base, "/product/7", { headers: { cookie: `theme=dark; ${mark}` } })).primary).toBe(true);
  });
});

describe("read routing without replicas", () => {
  it("decides nothing and marks no one: every read is the primary's already", async () => {
    const base = await serve({ replicas: false });
    expect(await reads(base, "/admin")).toEqual({ primary: null, setCookie: null });
    expect(await reads(base, "/cart", { method: "POST" })).toEqual({ primary: null, setCookie: null });
  });
});
