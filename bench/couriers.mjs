// The couriers' load (issue 36): a bulk booking of 500 orders with Steadfast in one call, then
// 1,000 Steadfast webhooks in one minute (each of the 500 parcels "pending", then "delivered"),
// sent at a steady 1,000/min whatever the answers, against one production build of the shop on
// an embedded PostgreSQL and the fake couriers. Prints the booking's time (the shop's own part
// and the courier's), the webhooks' latency percentiles, how far the sender fell behind its
// schedule, what the database applied, and the load average. Figures go into bench/results.md.
//   node bench/couriers.mjs [--orders 500] [--per-minute 1000] [--port 4880] [--skip-build]
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

import { createDatabase, LOOSE_LIMITS, migrate, run, setShopSettings } from "../scripts/db-tasks.mjs";
import { mergeChunks } from "../scripts/merge-chunks.mjs";
import { freePort, startEmbedded, tempDataDir, withDatabase } from "../scripts/pg.mjs";
import { startCourierFake } from "../scripts/courier-fake/server.mjs";
import { steadfastRequest } from "../scripts/courier-fake/webhooks.mjs";
import { createContext, jsonHeaders, orderBody, request } from "../tests/chaos/support.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: opt } = parseArgs({
  options: {
    orders: { type: "string", default: "500" },
    "per-minute": { type: "string", default: "1000" },
    port: { type: "string", default: "4880" },
    "skip-build": { type: "boolean", default: false },
  },
});
const ORDERS = Number(opt.orders);
const PER_MINUTE = Number(opt["per-minute"]);
const started = Date.now();
const say = (...a) => console.log(`[couriers ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s]`, ...a);
const TOKEN = "bench-webhook-token";
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  if (!opt["skip-build"]) {
    say("building the app");
    await run(path.join(root, "node_modules", ".bin", "remix"), ["build"], { NODE_ENV: "production" }, { quiet: true });
    await mergeChunks({ quiet: true });
  }
  const pg = await startEmbedded({ dataDir: path.join(tempDataDir("shop-couriers-bench"), "pg"), persistent: false, port: await freePort() });
  const fake = await startCourierFake(0);
  const ctx = createContext({ root, dbUrl: withDatabase(pg.url, "shop_couriers"), basePort: Number(opt.port), postgres: { pid: () => pg.pid }, say });
  try {
    await createDatabase(pg.url, "shop_couriers", { replace: true });
    await migrate(ctx.dbUrl);
    await setShopSettings(ctx.dbUrl, { ...LOOSE_LIMITS, couriersOn: ["steadfast"], defaultCourier: "steadfast" });
    const shop = await ctx.startShop(0, "shop-bench", {
      STEADFAST_URL: `${fake.url}/steadfast`,
      STEADFAST_API_KEY: "bench-key",
      STEADFAST_SECRET_KEY: "bench-secret",
      STEADFAST_WEBHOOK_TOKEN: TOKEN,
      COURIER_POLL_MINUTES: "0", // the poll would add its own requests to what is measured
    });
    const productId = await ctx.createProduct([{ size: "M", quantity: ORDERS }]);
    const ids = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const r = await request(`${shop.url}/api/orders`, { method: "POST", headers: jsonHeaders, body: orderBody([{ productId, size: "M", qty: 1 }]) });
      if (r.status !== 201) throw new Error(`placing order ${i}: ${r.status ?? r.error?.message} ${r.text ?? ""}`);
      ids.push(r.json().id);
    }
    await ctx.sql(`UPDATE "Order" SET "confirmedAt" = now(), "confirmMethod" = 'auto' WHERE id = ANY($1)`, [ids]);
    const admin = await signInAdmin(ctx, shop.url);
    say(`${ORDERS} confirmed orders placed; booking them in one bulk call`);

    const load0 = os.loadavg();
    const book = await request(`${shop.url}/api/orders/book`, {
      method: "POST",
      headers: { ...jsonHeaders, Cookie: admin },
      body: JSON.stringify({ courier: "steadfast", orderIds: ids }),
      timeoutMs: 300_000,
    });
    if (book.status !== 200) throw new Error(`bulk booking: ${book.status ?? book.error?.message} ${book.text ?? ""}`);
    const result = book.json();
    const { requests } = (await request(`${fake.url}/_control/requests`)).json();
    say(
      `bulk booking of ${ORDERS}: ${result.booked.length} booked, ${result.failed.length} failed, ${(book.ms / 1000).toFixed(2)} s in all, ` +
        `${requests.filter((q) => q.path.startsWith("/create_order")).length} call(s) to the courier; load ${load0.map((l) => l.toFixed(2)).join(" ")}`,
    );

    // 1,000 webhooks a minute, on a fixed schedule: each is sent at its slot whether or not the
    // earlier ones have been answered, so a shop that falls behind shows as growing latency.
    const parcels = await ctx.sql(`SELECT "consignmentId", number, "codToCollectPaisa" FROM "Order" WHERE id = ANY($1) AND "consignmentId" IS NOT NULL`, [ids]);
    const events = [
      ...parcels.map((p) => ({ consignmentId: p.consignmentId, invoice: `TB-${p.number}`, status: "pending", codAmount: 0 })),
      ...parcels.map((p) => ({ consignmentId: p.consignmentId, invoice: `TB-${p.number}`, status: "delivered", codAmount: p.codToCollectPaisa / 100 })),
    ];
    const gap = 60_000 / PER_MINUTE;
    const t0 = Date.now();
    const answers = await Promise.all(
      events.map(async (e, i) => {
        await new Promise((r) => setTimeout(r, Math.max(0, t0 + i * gap - Date.now())));
        const lateBy = Date.now() - (t0 + i * gap);
        const w = steadfastRequest(e, TOKEN);
        const r = await request(`${shop.url}${w.path}`, {
          method: "POST",
          headers: { ...jsonHeaders, ...w.headers },
          body: JSON.stringify(w.body),
          timeoutMs: 30_000,
        });
        return { status: r.status ?? r.error?.message, ms: r.ms, lateBy, done: Date.now() - t0 };
      }),
    );
    const load1 = os.loadavg();
    const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
    const statuses = Object.entries(answers.reduce((m, a) => ({ ...m, [a.status]: (m[a.status] ?? 0) + 1 }), {}));
    const lastDone = Math.max(...answers.map((a) => a.done));
    const [{ delivered }] = await ctx.sql(`SELECT count(*)::int AS delivered FROM "Order" WHERE id = ANY($1) AND "isDelivered"`, [ids]);
    say(
      `${events.length} webhooks at ${PER_MINUTE}/min: answers ${statuses.map(([s, n]) => `${s}×${n}`).join(", ")}; ` +
        `latency p50 ${pct(ms, 50)} ms, p95 ${pct(ms, 95)} ms, p99 ${pct(ms, 99)} ms, max ${ms.at(-1)} ms; ` +
        `last answer ${((lastDone - (events.length - 1) * gap) / 1000).toFixed(2)} s after the last send slot; ` +
        `sender late by at most ${Math.max(...answers.map((a) => a.lateBy))} ms; ${delivered}/${ids.length} orders delivered; ` +
        `load ${load1.map((l) => l.toFixed(2)).join(" ")} (1, 5, 15 min), ${os.cpus().length} cores`,
    );
  } finally {
    await ctx.stopShops();
    await fake.close();
    await pg.stop().catch(() => {});
  }
}

async function signInAdmin(ctx, base) {
  const email = `courier-bench-${Date.now()}@example.com`;
  const password = "cotton-kurta-77";
  await request(`${base}/api/users`, { method: "POST", headers: jsonHeaders, body: JSON.stringify({ name: "Bench Admin", email, password }) });
  await ctx.sql(`UPDATE "User" SET "isAdmin" = true WHERE email = $1`, [email]);
  const auth = await request(`${base}/api/users/auth`, { method: "POST", headers: jsonHeaders, body: JSON.stringify({ email, password }) });
  return [auth.headers["set-cookie"]].flat()[0].split(";")[0];
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
