// The app is SIGKILLed while it sends mail. After a restart every queued
// e-mail arrives exactly once, except one whose delivery the mail server had
// accepted before the kill but the shop never heard confirmed: that one may
// arrive once more, with the same Message-ID (the guarantee of decision 034).
import crypto from "node:crypto";

import { freePort } from "../../scripts/pg.mjs";
import { mailServer } from "./mail-server.mjs";
import { address, assert, jsonHeaders, requestPolitely, sleep, waitFor } from "./support.mjs";

export const limitMs = 120_000;
const ORDERS = 30;

export default async function killWhileSending(ctx) {
  const smtpPort = await freePort();
  // Each message takes the server a moment to accept: sends are in flight when the kill comes.
  const smtp = mailServer({ acceptDelayMs: 300 });
  await smtp.listen(smtpPort);
  // Jobs a dead worker held are freed after 5 s instead of 2 minutes, to keep the case short.
  const env = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_STALE_LOCK_SECONDS: "5" };
  try {
    const productId = await ctx.createProduct([{ size: "L", quantity: ORDERS }]);
    let shop = await ctx.startShop(1, "shop-mail-kill", env);
    const emails = Array.from({ length: ORDERS }, (_, i) => `kill-${i}-${crypto.randomBytes(3).toString("hex")}@example.com`);
    const results = await Promise.all(
      emails.map((email) =>
        requestPolitely(`${shop.url}/api/orders`, {
          method: "POST",
          headers: { ...jsonHeaders, "Idempotency-Key": crypto.randomUUID() },
          body: JSON.stringify({ orderItems: [{ product: productId, qty: 1, selectedSize: "L" }], shippingAddress: address, name: "Kill Chaos", email }),
        }),
      ),
    );
    assert.ok(
      results.every((r) => r.status === 201),
      "every order placed",
    );
    await waitFor(async () => smtp.accepted.length >= 4, { timeoutMs: 30_000, what: "the first e-mails", every: 20 });
    shop.proc.kill("SIGKILL");
    const killedAt = Date.now();
    await shop.exited;
    ctx.say(`killed the shop after ${smtp.accepted.length} e-mails`);
    await ctx.stopShops();

    shop = await ctx.startShop(1, "shop-mail-kill-restarted", env);
    await waitFor(async () => smtp.countsFor(emails).every((n) => n > 0), { timeoutMs: 60_000, what: "every e-mail after the restart", every: 500 });
    await sleep(2_000);
    const counts = smtp.countsFor(emails);
    for (const [i, to] of emails.entries()) {
      if (counts[i] === 1) continue;
      const first = smtp.accepted.find((m) => m.to.includes(to));
      assert.ok(counts[i] === 2 && first.at <= killedAt + 1_000, `${to} got ${counts[i]} copies (first accepted ${first.at - killedAt} ms after the kill)`);
      const ids = new Set(smtp.accepted.filter((m) => m.to.includes(to)).map((m) => m.messageId));
      assert.equal(ids.size, 1, `${to}: the copies carry one Message-ID`);
    }
    const twice = counts.filter((n) => n === 2).length;
    ctx.say(`${ORDERS} e-mails arrived; ${twice} twice (accepted by the mail server just before the kill)`);
    const [{ n }] = await ctx.sql(`SELECT count(*)::int AS n FROM "MailOutbox" WHERE status = 'sent' AND "to" = ANY($1)`, [emails]);
    assert.equal(n, ORDERS, "every message is marked sent");
  } finally {
    await smtp.close();
  }
}
