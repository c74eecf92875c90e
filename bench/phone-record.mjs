// The phone record's price (issue 37): what it adds to a checkout (the trigger that counts the
// order, and the record read for the call rule), and the admin order list with badges at 100k
// orders against the same list without them. Runs the shop's own service functions (tsx) on an
// embedded PostgreSQL of its own; rounds alternate A and B so machine noise hits both.
//   npx tsx bench/phone-record.mjs [--orders 100000] [--checkouts 300] [--rounds 3] [--explain]
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import { createDatabase, LOOSE_LIMITS, migrate, query, setShopSettings } from "../scripts/db-tasks.mjs";
import { freePort, startEmbedded, tempDataDir, withDatabase } from "../scripts/pg.mjs";

const { values: opt } = parseArgs({
  options: {
    orders: { type: "string", default: "100000" },
    checkouts: { type: "string", default: "300" },
    rounds: { type: "string", default: "3" },
    explain: { type: "boolean", default: false },
  },
});
const ORDERS = Number(opt.orders);
const CHECKOUTS = Number(opt.checkouts);
const ROUNDS = Number(opt.rounds);
const TRIGGERS = ["Order_phone_record_insert", "Order_phone_record_update", "Order_phone_record_delete"];
const address = { address: "House 12, Road 5, Dhanmondi", city: "Dhaka", postalCode: "1205", deliveryLabel: "Home" };
/** @param {number} i */
const phoneOf = (i) => `017${String(10_000_000 + (i % 30_000)).slice(-8)}`;

/** @param {number} times @param {(i: number) => Promise<unknown>} fn */
async function timed(times, fn) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < times; i += 1) await fn(i);
  return Number(process.hrtime.bigint() - start) / 1e6 / times;
}

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const pg = await startEmbedded({ dataDir: path.join(tempDataDir("shop-phone-bench"), "pg"), persistent: false, port: await freePort() });
  const url = withDatabase(pg.url, "shop_phone");
  try {
    await createDatabase(pg.url, "shop_phone", { replace: true });
    await migrate(url);
    await setShopSettings(url, LOOSE_LIMITS);
    process.env.DATABASE_URL = url;
    // The services load the session module; a bench never signs anyone in.
    process.env.SESSION_SECRET ??= "bench-only-secret-bench-only-secret";
    const { placeOrder, listOrdersPage } = await import("../app/models/orders/index.server.ts");
    const { badgeOrderWhere, buyerRecords } = await import("../app/models/customers/index.server.ts");
    const { prisma } = await import("../app/models/platform/index.server.ts");

    const product = await prisma.product.create({
      data: {
        name: "Bench Panjabi",
        pricePaisa: 1_500_00,
        image: "/images/bench",
        brand: "Aarong",
        description: "<p>Cotton</p>",
        sizes: { create: [{ size: "M", quantity: 1_000_000, position: 0 }] },
      },
    });
    const checkout = (i) =>
      placeOrder({
        name: "Bench Buyer",
        email: `bench${i % 1000}@example.com`,
        lines: [{ productId: product.id, size: "M", qty: 1 }],
        shippingAddress: { ...address, phone: phoneOf(i) },
      });
    const triggers = (/** @type {boolean} */ on) =>
      query(url, TRIGGERS.map((t) => `ALTER TABLE "Order" ${on ? "ENABLE" : "DISABLE"} TRIGGER "${t}";`).join("\n"));

    // 1. A checkout with and without the trigger that counts it, in turns.
    await timed(50, checkout); // warm-up: connections, prepared statements, JIT of the shop's code
    const withTrigger = [];
    const without = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      await triggers(false);
      without.push(await timed(CHECKOUTS, (i) => checkout(i + r * CHECKOUTS)));
      await triggers(true);
      withTrigger.push(await timed(CHECKOUTS, (i) => checkout(i + r * CHECKOUTS)));
    }
    const read = await timed(1000, (i) => buyerRecords([phoneOf(i)]));

    // 2. The order list at the bench's size: orders in bulk, the trigger counting each.
    await query(
      url,
      `INSERT INTO "Order" (id, "shippingName", "shippingEmail", address, city, "postalCode", phone, "itemsPaisa", "shippingPaisa", "taxPaisa", "totalPaisa", "isDelivered", "createdAt")
       SELECT gen_random_uuid(), 'Buyer ' || g, 'b' || g || '@example.com', 'House 1', 'Dhaka', '1205', '017' || lpad((10000000 + g % 30000)::text, 8, '0'),
              150000, 6000, 0, 156000, g % 3 = 0, now() - g * interval '1 minute'
       FROM generate_series(1, $1::int) g`,
      [ORDERS],
    );
    await query(url, `ANALYZE`);
    const bare = [];
    const badged = [];
    const filtered = [];
    const listOnly = [];
    const {
      rows: [{ phones: goodPhones }],
    } = await query(url, `SELECT count(*)::int AS phones FROM "PhoneRecord" WHERE badge = 'good'`);
    for (let r = 0; r < ROUNDS; r += 1) {
      bare.push(await timed(20, (i) => listOrdersPage({ page: 1 + (i % 5) })));
      badged.push(
        await timed(20, async (i) => {
          const { orders } = await listOrdersPage({ page: 1 + (i % 5) });
          return buyerRecords(orders.map((o) => o.shippingAddress.phone));
        }),
      );
      filtered.push(
        await timed(20, async (i) => {
          const { orders } = await listOrdersPage({ page: 1 + (i % 5), buyers: badgeOrderWhere("good") });
          return buyerRecords(orders.map((o) => o.shippingAddress.phone));
        }),
      );
      // Where the filter's time goes: the filtered page alone, without the rows' badges.
      listOnly.push(await timed(20, (i) => listOrdersPage({ page: 1 + (i % 5), buyers: badgeOrderWhere("good") })));
    }
    if (opt.explain) {
      // The plan of the filter's count, the query that reads every matching order.
      const plan = await query(
        url,
        `EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM "Order" o WHERE o.phone IN (SELECT phone FROM "PhoneRecord" WHERE badge = 'good')`,
      );
      console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
    }
    const count = await prisma.order.count();
    await prisma.$disconnect();

    const ms = (/** @type {number} */ x) => `${x.toFixed(2)} ms`;
    console.log(`\n| measure (median of ${ROUNDS} rounds) | figure |\n|---|---|`);
    console.log(`| checkout, record trigger off (${CHECKOUTS} orders) | ${ms(median(without))} |`);
    console.log(`| checkout, record trigger on | ${ms(median(withTrigger))} |`);
    console.log(`| the trigger's share of a checkout | ${ms(median(withTrigger) - median(without))} |`);
    console.log(`| the record read for the call rule (mean of 1,000) | ${ms(read)} |`);
    console.log(`| order list page at ${count.toLocaleString("en")} orders, no badges | ${ms(median(bare))} |`);
    console.log(`| the same page with each row's badge | ${ms(median(badged))} (${(median(badged) / median(bare)).toFixed(2)}×) |`);
    console.log(`| the list filtered by ?badge=good, with badges | ${ms(median(filtered))} (${(median(filtered) / median(bare)).toFixed(2)}×) |`);
    console.log(`| of which the filtered page alone (${goodPhones.toLocaleString("en")} good phones) | ${ms(median(listOnly))} |`);
    console.log(
      `\nload average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}, ${os.cpus().length} cores`,
    );
  } finally {
    await pg.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
