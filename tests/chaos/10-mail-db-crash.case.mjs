// Issue 31 #1, its exact sequence: two instances, a mail server that takes
// 300 ms per message, 30 guest orders; PostgreSQL SIGKILLed once 3 e-mails
// have arrived and started again 5 s later; then 10 more orders. Each
// instance's mail worker must come back by itself: all 40 e-mails arrive,
// none twice except one the mail server accepted while PostgreSQL died (same
// Message-ID, decision 034), and /healthcheck/mail says 200 again. Before the
// fix, 0 of the 10 later e-mails arrived and /healthcheck/mail did not exist.
import crypto from "node:crypto";

import { freePort } from "../../scripts/pg.mjs";
import { mailServer } from "./mail-server.mjs";
import { address, assert, jsonHeaders, request, requestPolitely, sleep, waitFor } from "./support.mjs";

export const limitMs = 120_000;

// Busy answers are retried after Retry-After with the same key: this case is about the mail worker
// coming back, not about load shedding on a loaded machine.
const order = (shop, productId, email) =>
  requestPolitely(`${shop.url}/api/orders`, {
    method: "POST",
    headers: { ...jsonHeaders, "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify({ orderItems: [{ product: productId, qty: 1, selectedSize: "L" }], shippingAddress: address, name: "Crash Chaos", email }),
  });

export default async function mailAfterDatabaseCrash(ctx) {
  const smtpPort = await freePort();
  const smtp = mailServer({ acceptDelayMs: 300 });
  await smtp.listen(smtpPort);
  const env = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
  const tag = crypto.randomBytes(3).toString("hex");
  try {
    const productId = await ctx.createProduct([{ size: "L", quantity: 40 }]);
    const shops = await Promise.all([ctx.startShop(0, "mail-crash-a", env), ctx.startShop(1, "mail-crash-b", env)]);
    const first = Array.from({ length: 30 }, (_, i) => `crash-${i}-${tag}@example.com`);
    const placed = await Promise.all(first.map((email, i) => order(shops[i % 2], productId, email)));
    assert.deepEqual([...new Set(placed.map((r) => r.status))], [201], "the first 30 orders are placed");

    await waitFor(async () => smtp.accepted.length >= 3, { timeoutMs: 30_000, what: "the first 3 e-mails", every: 10 });
    ctx.killPostgres();
    const killedAt = Date.now();
    ctx.say(`SIGKILL PostgreSQL after ${smtp.accepted.length} e-mails`);
    await sleep(5_000);
    await ctx.restartPostgres();
    ctx.say("PostgreSQL started again");

    // The instances serve again (their pools reconnect), then 10 more orders.
    for (const shop of shops) {
      await waitFor(async () => (await request(`${shop.url}/healthcheck`, { timeoutMs: 5_000 })).status === 200, {
        timeoutMs: 20_000,
        what: `${shop.name} healthy`,
      });
    }
    const later = Array.from({ length: 10 }, (_, i) => `later-${i}-${tag}@example.com`);
    const again = await Promise.all(later.map((email, i) => order(shops[i % 2], productId, email)));
    assert.deepEqual([...new Set(again.map((r) => r.status))], [201], `the 10 later orders: ${again.map((r) => r.status)}`);

    const all = [...first, ...later];
    await waitFor(async () => smtp.countsFor(all).every((n) => n > 0), {
      timeoutMs: 60_000,
      every: 500,
      what: `every e-mail: ${smtp.countsFor(later).filter((n) => n > 0).length} of the 10 later ones and ${smtp.countsFor(first).filter((n) => n > 0).length} of the first 30 so far`,
    });
    await sleep(1_500); // a second copy, if any, would be on its way
    const counts = smtp.countsFor(all);
    for (const [i, to] of all.entries()) {
      if (counts[i] === 1) continue;
      const copies = smtp.accepted.filter((m) => m.to.includes(to));
      // In flight when PostgreSQL died: accepted by the mail server, never marked sent (300 ms each, so within ~1 s).
      assert.ok(counts[i] === 2 && copies[0].at <= killedAt + 1_500, `${to} got ${counts[i]} copies (first ${copies[0].at - killedAt} ms after the kill)`);
      assert.equal(new Set(copies.map((m) => m.messageId)).size, 1, `${to}: one Message-ID`);
    }
    for (const shop of shops) {
      const health = await request(`${shop.url}/healthcheck/mail`);
      assert.equal(health.status, 200, `${shop.name} /healthcheck/mail: ${health.text}`);
    }
    const twice = counts.filter((n) => n === 2).length;
    ctx.say(`40 e-mails arrived after the crash (${twice} twice, in flight at the kill); both workers came back by themselves`);
  } finally {
    await smtp.close();
  }
}
