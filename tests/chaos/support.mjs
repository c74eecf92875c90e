// Helpers of the chaos suite (scripts/chaos.mjs): shop servers as child
// processes on loopback, signals to them and to PostgreSQL, plain HTTP with
// control over the connection, and the stock/order invariants.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";

import pg from "pg";

export const SESSION_SECRET = "chaos-session-secret-0123456789abcdef";
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One HTTP request with node:http, so a test decides which connection it goes
 * over (`agent`). Resolves {status, headers, text, json(), ms} or, when the
 * connection fails or nothing comes back within `timeoutMs`, {error, ms}.
 */
export function request(url, { method = "GET", headers = {}, body, agent, timeoutMs = 30_000 } = {}) {
  const t0 = Date.now();
  // Sized like a browser's body (the server refuses unsized non-JSON bodies with 411).
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-length")) {
    headers = { ...headers, "Content-Length": String(Buffer.byteLength(body)) };
  }
  return new Promise((resolve) => {
    const req = http.request(url, { method, headers, agent: agent ?? false }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text), ms: Date.now() - t0, socket: req.socket });
      });
      res.on("error", (error) => resolve({ error, ms: Date.now() - t0 }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", (error) => resolve({ error, ms: Date.now() - t0 }));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export const jsonHeaders = { "Content-Type": "application/json" };

/**
 * A request as a well-behaved client sends it: a 503 "busy, retry" (the request deadline shed it on a
 * loaded machine, decision 080) is retried after its Retry-After, a few times. Cases whose subject is
 * not load shedding use it, so a busy CI machine does not fail them; orders sent through it carry an
 * Idempotency-Key, so a retry never places twice.
 */
export async function requestPolitely(url, options = {}, tries = 6) {
  for (let attempt = 1; ; attempt += 1) {
    const res = await request(url, options);
    if (res.status !== 503 || attempt >= tries) return res;
    const wait = Number(res.headers["retry-after"]);
    await sleep(Math.min(Number.isFinite(wait) && wait > 0 ? wait * 1000 : 1000, 3000));
  }
}

export const address = { address: "House 7, Road 2", city: "Dhaka", postalCode: "1212", phone: "01811000000", deliveryLabel: "Home" };

/** A guest order body for the given lines. */
export function orderBody(lines) {
  return JSON.stringify({
    orderItems: lines.map((l) => ({ product: l.productId, qty: l.qty, selectedSize: l.size })),
    shippingAddress: address,
    name: "Chaos Guest",
    email: "chaos.guest@example.com",
  });
}

/** Descendants of `pid` (PostgreSQL's backends and helpers), read from /proc. */
function descendants(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  const out = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = children.get(queue.shift()) ?? [];
    out.push(...next);
    queue.push(...next);
  }
  return out;
}

function signal(pid, sig) {
  try {
    process.kill(pid, sig);
  } catch {
    // gone already
  }
}

export function createContext({ root, dbUrl, basePort, postgres, say }) {
  const shops = [];
  let frozen = [];

  async function sql(text, params = []) {
    const client = new pg.Client({ connectionString: dbUrl, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      return (await client.query(text, params)).rows;
    } finally {
      await client.end();
    }
  }

  /** Starts `node server.js` (with `extraEnv` on top) on basePort + index and waits until its /healthcheck is 200. */
  async function startShop(index = 0, name = `shop-${index}`, extraEnv = {}) {
    const port = basePort + index;
    const proc = spawn(process.execPath, ["server.js"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        DATABASE_URL: dbUrl,
        SESSION_SECRET,
        COOKIE_SECURE: "false",
        TRUST_PROXY: "loopback",
        ...extraEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const shop = { name, port, url: `http://127.0.0.1:${port}`, proc, log: "" };
    const keep = (chunk) => {
      shop.log = (shop.log + chunk).slice(-6_000);
    };
    proc.stdout.on("data", keep);
    proc.stderr.on("data", keep);
    shop.exited = new Promise((resolve) => proc.once("exit", (code, sig) => resolve(code ?? sig)));
    shops.push(shop);
    await waitFor(async () => (await request(`${shop.url}/healthcheck`, { timeoutMs: 5_000 })).status === 200, {
      timeoutMs: 60_000,
      what: `${name} to answer /healthcheck`,
      unless: () => proc.exitCode !== null && `${name} exited:\n${shop.log}`,
    });
    return shop;
  }

  async function stopShops() {
    for (const shop of shops.splice(0)) {
      if (shop.proc.exitCode === null && shop.proc.signalCode === null) {
        shop.proc.kill("SIGKILL");
        await shop.exited;
      }
      finished.push({ name: shop.name, tail: shop.log.split("\n").slice(-40).join("\n") });
    }
  }
  const finished = [];

  return {
    root,
    basePort,
    dbUrl,
    sql,
    startShop,
    stopShops,
    say,
    serverLogs: () => finished,
    /** SIGKILL of the postmaster alone, as an OOM killer or a crash would. */
    killPostgres() {
      signal(postgres.pid(), "SIGKILL");
    },
    restartPostgres: postgres.restart,
    /** SIGSTOP of PostgreSQL and all its backends: connections stay open and nothing answers. */
    freezePostgres() {
      frozen = [postgres.pid(), ...descendants(postgres.pid())];
      for (const pid of frozen) signal(pid, "SIGSTOP");
    },
    /** SIGSTOP of the postmaster alone: open connections still answer, a new one is never accepted. */
    freezePostmaster() {
      frozen = [postgres.pid()];
      signal(postgres.pid(), "SIGSTOP");
    },
    resumePostgres() {
      for (const pid of frozen.splice(0)) signal(pid, "SIGCONT");
    },
    /** A product of its own with the given stock per size; returns its id. */
    async createProduct(sizes, pricePaisa = 500_00) {
      const tag = crypto.randomBytes(4).toString("hex");
      const [{ id }] = await sql(
        `INSERT INTO "Product" (name, "pricePaisa", image, brand, "categoryId", description, "updatedAt")
         VALUES ($1, $2, '/placeholder.svg', 'Chaos', 1, '<p>Chaos</p>', now()) RETURNING id`,
        [`Chaos product ${tag}`, pricePaisa],
      );
      for (const [position, s] of sizes.entries()) {
        await sql(`INSERT INTO "ProductSize" ("productId", size, quantity, position) VALUES ($1, $2, $3, $4)`, [id, s.size, s.quantity, position]);
      }
      return id;
    },
    /**
     * The invariants after any crash: for every size, initial stock equals
     * current stock plus the quantities in stored orders; no order without
     * items, no item without an order; every order's totals add up.
     */
    async checkInvariants(productId, initial) {
      const rows = await sql(
        `SELECT s.size, s.quantity,
                COALESCE((SELECT sum(i.qty) FROM "OrderItem" i WHERE i."productId" = s."productId" AND i."selectedSize" = s.size), 0)::int AS sold
           FROM "ProductSize" s WHERE s."productId" = $1`,
        [productId],
      );
      for (const r of rows) {
        assert.equal(r.quantity + r.sold, initial[r.size], `size ${r.size}: ${r.quantity} left + ${r.sold} sold ≠ ${initial[r.size]} at first`);
        assert.ok(r.quantity >= 0, `size ${r.size} went below zero`);
      }
      const [empty] = await sql(`SELECT count(*)::int AS n FROM "Order" o WHERE NOT EXISTS (SELECT 1 FROM "OrderItem" i WHERE i."orderId" = o.id)`);
      assert.equal(empty.n, 0, "orders without items");
      const [orphans] = await sql(`SELECT count(*)::int AS n FROM "OrderItem" i WHERE NOT EXISTS (SELECT 1 FROM "Order" o WHERE o.id = i."orderId")`);
      assert.equal(orphans.n, 0, "items without an order");
      const [bad] = await sql(
        `SELECT count(*)::int AS n FROM "Order" o
          WHERE o."totalPaisa" <> o."itemsPaisa" + o."shippingPaisa" + o."taxPaisa"
             OR o."itemsPaisa" <> (SELECT sum(i."pricePaisa" * i.qty) FROM "OrderItem" i WHERE i."orderId" = o.id)`,
      );
      assert.equal(bad.n, 0, "orders whose totals do not add up");
      return rows.reduce((sum, r) => sum + r.sold, 0);
    },
  };
}

/** Polls `check` until it is true; fails after `timeoutMs` or as soon as `unless` returns a reason. */
export async function waitFor(check, { timeoutMs, what, every = 250, unless = () => false }) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const reason = unless();
    if (reason) throw new Error(reason);
    if (await check()) return;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(every);
  }
}

export { assert };
