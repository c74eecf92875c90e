// The backup and point-in-time restore drill (issue 31), on the cluster of
// `npm run test:cluster`, whose primary archives its WAL (scripts/cluster.mjs):
//   1. place orders; 2. take a base backup (npm run backup's code); 3. place more orders;
//   4. note the time; then one more order, acknowledged after that time;
//   5. DELETE FROM "Order" (no WHERE: the items and events go with it);
//   6. restore to the noted time into a new data directory (npm run restore's code);
//   7. check the restored database: every order acknowledged before the time is there with its
//      lines and the stock they took, and the later order is not.
// Prints what it restored and how long the restore took.
import assert from "node:assert/strict";
import path from "node:path";

import { backup, restore } from "./backup.mjs";
import { asPostgres, pgBin } from "./debian-services.mjs";
import { query } from "./db-tasks.mjs";
import { spawnSync } from "node:child_process";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rows = async (url, text, params = []) => (await query(url, text, params)).rows;

export async function backupAndRestoreDrill(cluster, { say }) {
  const primary = cluster.urls.primary;
  const [{ id: productId }] = await rows(
    primary,
    `INSERT INTO "Product" (name, "pricePaisa", image, brand, "categoryId", description, "updatedAt")
     VALUES ('Drill Panjabi ' || md5(random()::text), 150000, '/placeholder.svg', 'Drill', 1, '<p>x</p>', now()) RETURNING id`,
  );
  await rows(primary, `INSERT INTO "ProductSize" ("productId", size, quantity, position) VALUES ($1, 'M', 30, 0)`, [productId]);
  const place = async (n, tag) => {
    const ids = [];
    for (let i = 0; i < n; i += 1) {
      const res = await fetch(`${cluster.front}/api/orders`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: "Drill Guest",
          email: `drill-${tag}-${i}@example.com`,
          orderItems: [{ product: productId, qty: 1, selectedSize: "M" }],
          shippingAddress: { address: "House 7, Road 2", city: "Dhaka", postalCode: "1212", phone: "01811000000" },
          paymentMethod: "Cash on Delivery",
        }),
      });
      const body = await res.json();
      assert.equal(res.status, 201, `drill order: ${res.status} ${JSON.stringify(body)}`);
      ids.push(body._id ?? body.id);
    }
    return ids;
  };

  const before = await place(4, "a"); // 1
  const base = backup({ dir: cluster.backupDir, url: primary, keep: 7 }); // 2
  before.push(...(await place(4, "b"))); // 3
  await sleep(1_000);
  const [{ t }] = await rows(primary, "SELECT now() AS t"); // 4
  const noted = new Date(t);
  await sleep(1_000);
  const after = await place(1, "c");
  await rows(primary, `DELETE FROM "Order"`); // 5
  const [{ n: left }] = await rows(primary, `SELECT count(*)::int AS n FROM "Order"`);
  assert.equal(left, 0, "the destructive statement ran");
  // The WAL holding the DELETE goes to the archive now (in production archive_timeout does it within a minute).
  const [{ wal }] = await rows(primary, "SELECT pg_walfile_name(pg_switch_wal()) AS wal");
  for (const until = Date.now() + 30_000; ; await sleep(200)) {
    const [{ last }] = await rows(primary, "SELECT last_archived_wal AS last FROM pg_stat_archiver");
    if (last && last >= wal) break;
    assert.ok(Date.now() < until, `the primary archived ${wal} within 30 s (last archived: ${last})`);
  }

  const into = path.join(cluster.dir, "restored");
  const port = cluster.ports.primary + 5;
  const restored = restore({ to: noted.toISOString(), into, port, dir: cluster.backupDir, keepRunning: true, user: "shop" }); // 6
  try {
    const url = `postgresql://shop@127.0.0.1:${port}/shop`;
    const orders = await rows(
      url,
      `SELECT o.id, (SELECT coalesce(sum(i.qty), 0)::int FROM "OrderItem" i WHERE i."orderId" = o.id) AS qty FROM "Order" o WHERE o.id = ANY($1::text[])`,
      [[...before, ...after].map(String)],
    );
    const found = new Map(orders.map((o) => [String(o.id), o.qty]));
    const missing = before.filter((id) => found.get(String(id)) !== 1);
    assert.deepEqual(missing, [], "every order acknowledged before the noted time is restored with its line"); // 7
    assert.equal(found.has(String(after[0])), false, "the order placed after the noted time is not restored");
    const [{ quantity }] = await rows(url, `SELECT quantity FROM "ProductSize" WHERE "productId" = $1 AND size = 'M'`, [productId]);
    assert.equal(quantity, 30 - before.length, `the restored stock is what the ${before.length} orders left`);
    const [{ total }] = await rows(url, `SELECT count(*)::int AS total FROM "Order"`);
    say(
      `backup drill: restored to ${noted.toISOString()} from the base backup of ${new Date(base.finishedAt).toISOString()} plus archived WAL in ${restored.seconds.toFixed(1)} s: ` +
        `${total} orders in all, the ${before.length} drill orders acknowledged before that time with their stock (${quantity} left of 30), not the one after it, and not the DELETE`,
    );
  } finally {
    const [cmd, argv] = asPostgres(pgBin("pg_ctl"), ["-D", into, "-w", "stop", "-m", "fast"]);
    spawnSync(cmd, argv);
  }
}
