// Fake orders (issue 26): 200 anonymous orders from one address in under a minute, each
// from a made-up phone and e-mail and each asking for as much as a line may hold, take at
// most the per-IP limit's worth of stock; once the hold runs out unconfirmed, not even that.
import crypto from "node:crypto";

import { LOOSE_LIMITS, setShopSettings } from "../../scripts/db-tasks.mjs";
import { assert, jsonHeaders, requestPolitely, waitFor } from "./support.mjs";

const PER_IP = 20;
const LINE_CAP = 10;

export const limitMs = 90_000;

export default async function orderFlood(ctx) {
  // The shop's defaults for this case (the chaos database runs with loose limits), a 5-second hold.
  await ctx.sql(`DELETE FROM "ShopSetting"`);
  const shop = await ctx.startShop(0, "flooded", { COD_CONFIRM_MINUTES: String(5 / 60) });
  const stock = 1_000;
  const productId = await ctx.createProduct([{ size: "M", quantity: stock }]);
  try {
    const statuses = [];
    const started = Date.now();
    const one = (n) =>
      requestPolitely(`${shop.url}/api/orders`, {
        method: "POST",
        headers: { ...jsonHeaders, "X-Forwarded-For": "198.51.100.7", "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify({
          orderItems: [{ product: productId, qty: LINE_CAP, selectedSize: "M" }],
          shippingAddress: { address: "House 1", city: "Dhaka", postalCode: "1212", phone: `017${String(10_000_000 + n).slice(-8)}`, deliveryLabel: "Home" },
          name: `Script ${n}`,
          email: `script-${n}-${started}@example.com`,
        }),
      }).then((r) => statuses.push(r.status));
    for (let n = 0; n < 200; n += 20) await Promise.all(Array.from({ length: 20 }, (_, i) => one(n + i)));
    const seconds = (Date.now() - started) / 1000;
    const placed = statuses.filter((s) => s === 201).length;
    // Refused by the per-IP order limit (429) or, first, by the pieces one address may hold (400, decision 093).
    const refused = statuses.filter((s) => s === 429 || s === 400).length;
    assert.ok(seconds < 60, `the flood took ${seconds} s`);
    assert.equal(placed + refused, 200, `unexpected answers: ${JSON.stringify(statuses.filter((s) => s !== 201 && s !== 429))}`);
    assert.ok(placed <= PER_IP, `${placed} orders placed from one address (limit ${PER_IP})`);
    const [{ quantity: during }] = await ctx.sql(`SELECT quantity FROM "ProductSize" WHERE "productId" = $1`, [productId]);
    assert.ok(stock - during <= PER_IP * LINE_CAP, `${stock - during} pieces taken`);
    console.log(`  ${placed} placed, ${refused} refused (429) in ${seconds.toFixed(1)} s; ${stock - during} of ${stock} pieces held`);

    // Nobody confirms: when the hold ends every order is cancelled and the stock is whole again.
    await waitFor(async () => (await ctx.sql(`SELECT quantity FROM "ProductSize" WHERE "productId" = $1`, [productId]))[0].quantity === stock, {
      timeoutMs: 40_000,
      what: "the held stock to come back",
    });
    const [{ n }] = await ctx.sql(
      `SELECT count(*)::int AS n FROM "Order" o JOIN "OrderItem" i ON i."orderId" = o.id WHERE i."productId" = $1 AND o."cancelReason" = 'not-confirmed'`,
      [productId],
    );
    assert.equal(n, placed, "every unconfirmed order is cancelled as not confirmed");
    console.log(`  after the hold: ${n} cancelled as not confirmed, stock ${stock} of ${stock}`);
  } finally {
    // Every loose limit back, the held-piece caps too: the later cases place many orders from one client.
    await setShopSettings(ctx.dbUrl, LOOSE_LIMITS);
  }
}
