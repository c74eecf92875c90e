// Issue 40 #8: the SMS gateway is down while 8 guests order, past their
// 20-second hold: the orders are cancelled as not confirmed and their buyers
// e-mailed. Then the gateway comes back and another order's code goes
// through. Before the fix the waiting codes went out anyway on their next
// retry, after the cancellation (up to the 10-minute retry cap later). Now
// the text that went through wakes them at once, and each is dropped, not
// sent: no code is texted for an order that no longer waits for it.
import { address, assert, jsonHeaders, request, waitFor } from "./support.mjs";
import { smsGateway } from "./sms-gateway.mjs";

export const limitMs = 90_000;
const ORDERS = 8;
const HOLD_SECONDS = 20;

export default async function lateCodes(ctx) {
  const gateway = smsGateway();
  gateway.setUp(false);
  const env = { SMS_URL: await gateway.listen(), COD_CONFIRM_MINUTES: String(HOLD_SECONDS / 60) };
  try {
    const productId = await ctx.createProduct([{ size: "XL", quantity: ORDERS + 1 }]);
    const shop = await ctx.startShop(0, "shop-late-codes", env);
    const order = async (i) => {
      const r = await request(`${shop.url}/api/orders`, {
        method: "POST",
        headers: jsonHeaders,
        body: JSON.stringify({
          orderItems: [{ product: productId, qty: 1, selectedSize: "XL" }],
          shippingAddress: { ...address, phone: `016${String(40_000_000 + i).slice(-8)}` },
          name: "Late Chaos",
          email: `late-${i}@example.com`,
        }),
      });
      assert.equal(r.status, 201, `placing an order: ${r.status ?? r.error?.message}`);
      return r.json();
    };
    const lapsed = await Promise.all(Array.from({ length: ORDERS }, (_, i) => order(i)));
    const ids = lapsed.map((o) => o.id);
    await waitFor(
      async () => (await ctx.sql(`SELECT count(*)::int AS n FROM "Order" WHERE id = ANY($1) AND "cancelReason" = 'not-confirmed'`, [ids]))[0].n === ORDERS,
      {
        timeoutMs: 40_000,
        what: "the unconfirmed orders to be cancelled when their hold ends",
      },
    );
    const [{ n: waiting }] = await ctx.sql(`SELECT count(*)::int AS n FROM "MailOutbox" WHERE key = ANY($1) AND status = 'retrying'`, [
      ids.map((id) => `order-code:${id}:1`),
    ]);
    assert.equal(waiting, ORDERS, "their codes wait out a retry (the gateway refused them)");
    gateway.setUp(true);
    ctx.say(`${ORDERS} orders cancelled with their codes unsent (${gateway.refused} refusals); gateway back`);

    // A new order's code goes through: the gateway is evidently back.
    const fresh = await order(ORDERS);
    await waitFor(async () => gateway.accepted.some((m) => m.text.includes(`order ${fresh.orderNumber}.`)), {
      timeoutMs: 20_000,
      what: "the new order's code",
    });
    // The waiting codes run now (woken), not at their next retry, and none is sent.
    await waitFor(
      async () =>
        (
          await ctx.sql(`SELECT count(*)::int AS n FROM "MailOutbox" WHERE key = ANY($1) AND status IN ('queued', 'retrying')`, [
            ids.map((id) => `order-code:${id}:1`),
          ])
        )[0].n === 0,
      { timeoutMs: 40_000, what: "the waiting codes to be dealt with" },
    );
    const late = gateway.accepted.filter((m) => lapsed.some((o) => m.text.includes(`order ${o.orderNumber}.`)));
    assert.equal(late.length, 0, `codes texted for cancelled orders:\n${late.map((m) => m.text).join("\n")}`);
    const rows = await ctx.sql(`SELECT status, "lastError" FROM "MailOutbox" WHERE key = ANY($1)`, [ids.map((id) => `order-code:${id}:1`)]);
    for (const row of rows) assert.deepEqual([row.status, row.lastError], ["skipped", "Not sent: the order was cancelled before its code went out"]);
    ctx.say(`the new order's code arrived; the ${ORDERS} cancelled orders' codes were dropped`);
  } finally {
    await gateway.close();
  }
}
