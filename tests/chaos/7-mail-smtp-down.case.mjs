// The mail server is down while 50 guests order: every order succeeds at once
// (the e-mail is only queued in the order's transaction), and once the mail
// server is back all 50 e-mails arrive, none twice (issue 18).
import crypto from "node:crypto";

import { freePort } from "../../scripts/pg.mjs";
import { mailServer } from "./mail-server.mjs";
import { address, assert, jsonHeaders, requestPolitely, sleep, waitFor } from "./support.mjs";

export const limitMs = 150_000;
const ORDERS = 50;

export default async function smtpDown(ctx) {
  const smtpPort = await freePort(); // nothing listens there yet: the mail server is down
  const productId = await ctx.createProduct([{ size: "M", quantity: ORDERS }]);
  const shop = await ctx.startShop(1, "shop-smtp-down", { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  const emails = Array.from({ length: ORDERS }, (_, i) => `down-${i}-${crypto.randomBytes(3).toString("hex")}@example.com`);
  const results = await Promise.all(
    emails.map((email) =>
      requestPolitely(`${shop.url}/api/orders`, {
        method: "POST",
        headers: { ...jsonHeaders, "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify({ orderItems: [{ product: productId, qty: 1, selectedSize: "M" }], shippingAddress: address, name: "Mail Chaos", email }),
      }),
    ),
  );
  const refused = results.filter((r) => r.status !== 201);
  assert.equal(refused.length, 0, `orders failed while the mail server was down: ${refused.map((r) => r.status ?? r.error?.message).join(", ")}`);

  // Let the worker fail a few times against the closed port before the server comes back.
  await waitFor(async () => (await ctx.sql(`SELECT count(*)::int AS n FROM "MailOutbox" WHERE status = 'retrying' AND "to" = ANY($1)`, [emails]))[0].n > 0, {
    timeoutMs: 30_000,
    what: "the first failed sends",
  });
  const smtp = mailServer();
  await smtp.listen(smtpPort);
  ctx.say("mail server up");
  try {
    // graphile-worker backs off e^attempts seconds: the first few retries fall within a minute.
    await waitFor(async () => smtp.countsFor(emails).every((n) => n > 0), { timeoutMs: 100_000, what: "all 50 e-mails", every: 500 });
    await sleep(2_000); // a second copy, if any, would be on its way
    const twice = emails.filter((_, i) => smtp.countsFor(emails)[i] > 1);
    assert.equal(twice.length, 0, `e-mails sent twice: ${twice.join(", ")}`);
    const [{ n }] = await ctx.sql(`SELECT count(*)::int AS n FROM "MailOutbox" WHERE status = 'sent' AND "to" = ANY($1)`, [emails]);
    assert.equal(n, ORDERS, "every message is marked sent");
  } finally {
    await smtp.close();
  }
}
