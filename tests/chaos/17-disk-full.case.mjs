// Issue 40 #9: the database's disk full. Orders used to answer 503 "try
// again in a moment" while /healthcheck stayed 200 and the app logged
// nothing. The orders' table is moved onto a small file system of its own
// (tmpfs, as a tablespace), which is then filled. The guard: each refused
// order is still a clear 503 with Retry-After, and is logged with the
// server's cause; /healthcheck answers 503 naming the full disk, while
// /healthcheck/reads stays 200 (the catalogue is served) and so do reads;
// with room again, orders go through and /healthcheck is 200.
// Mounting needs root (CI runs as root); elsewhere the case says so and passes.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { LOOSE_LIMITS, setShopSettings } from "../../scripts/db-tasks.mjs";
import { assert, jsonHeaders, orderBody, request, waitFor } from "./support.mjs";

export const limitMs = 60_000;

/** Writes to `file` until the file system has no room left (what remains is less than a page). */
function fillUp(file) {
  const fd = fs.openSync(file, "w");
  try {
    for (const size of [1024 * 1024, 4096, 512]) {
      const chunk = Buffer.alloc(size, 7);
      for (;;) {
        try {
          fs.writeSync(fd, chunk);
        } catch (error) {
          if (error.code === "ENOSPC") break;
          throw error;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

export default async function diskFull(ctx) {
  if (process.getuid?.() !== 0) return ctx.say("skipped: mounting a small file system needs root");
  const mountDir = fs.mkdtempSync(path.join(os.tmpdir(), "chaos-disk-full-"));
  assert.equal(spawnSync("mount", ["-t", "tmpfs", "-o", "size=16m", "tmpfs", mountDir]).status, 0, "mount a tmpfs");
  const tablespace = `chaos_full_${crypto.randomBytes(4).toString("hex")}`;
  const filler = path.join(mountDir, "filler");
  let moved = false;
  try {
    // Earlier cases may have left the shop's default limits: this one places many orders from one client.
    await setShopSettings(ctx.dbUrl, LOOSE_LIMITS);
    // The tablespace's directory must belong to the user PostgreSQL runs as (the owner of its data directory).
    const [{ data_directory: dataDir }] = await ctx.sql("SHOW data_directory");
    const { uid, gid } = fs.statSync(dataDir);
    fs.chownSync(mountDir, uid, gid);
    await ctx.sql(`CREATE TABLESPACE ${tablespace} LOCATION '${mountDir}'`);
    // Earlier cases leave the table with free room in its pages (cancelled and updated orders), where
    // new orders would fit without the file growing: compact it first, so the next orders must extend it.
    await ctx.sql(`VACUUM FULL "Order"`);
    await ctx.sql(`ALTER TABLE "Order" SET TABLESPACE ${tablespace}`);
    moved = true;

    const shop = await ctx.startShop(0, "disk-full");
    const productId = await ctx.createProduct([{ size: "M", quantity: 10_000 }]);
    const order = () => request(`${shop.url}/api/orders`, { method: "POST", headers: jsonHeaders, body: orderBody([{ productId, size: "M", qty: 1 }]) });
    const first = await order();
    assert.equal(first.status, 201, `an order before the disk filled: ${first.status} ${first.text}`);

    fillUp(filler);
    // The table's last page may hold a few more orders; then it must grow, and cannot.
    let refused;
    for (let i = 0; i < 300 && !refused; i += 1) {
      const r = await order();
      if (r.status === 503) refused = r;
      else assert.equal(r.status, 201, `an order with the disk filling: ${r.status} ${r.text}`);
    }
    assert.ok(refused, "no order was refused with the disk full");
    assert.match(refused.json().message, /temporarily unavailable/, "the shopper's message");
    assert.ok(refused.headers["retry-after"], "Retry-After on the refusal");
    // The operator's side: the cause, for this write, in the log…
    await waitFor(async () => /database disk full: POST \/api\/orders was refused \(.*(No space left on device|could not extend file)/.test(shop.log), {
      timeoutMs: 5_000,
      what: `the log line for the refused order; the log:\n${shop.log.slice(-1_500)}`,
    });
    // …and on the health checks: /healthcheck (monitoring) says so, /healthcheck/reads (the balancer) keeps the instance.
    const health = await request(`${shop.url}/healthcheck`, { timeoutMs: 5_000 });
    assert.equal(health.status, 503, `/healthcheck with the disk full: ${health.status} ${health.text}`);
    assert.match(health.text, /database disk full/i);
    const reads = await request(`${shop.url}/healthcheck/reads`, { timeoutMs: 5_000 });
    assert.equal(reads.status, 200, `/healthcheck/reads with the disk full: ${reads.status} ${reads.text}`);
    assert.match(reads.text, /disk is full/);
    const product = await request(`${shop.url}/api/products/${productId}`, { timeoutMs: 5_000 });
    assert.equal(product.status, 200, `a catalogue read with the disk full: ${product.status}`);

    // Room again: orders go through, and /healthcheck says all is well.
    fs.rmSync(filler);
    const after = await order();
    assert.equal(after.status, 201, `an order with room again: ${after.status} ${after.text}`);
    const healthy = await request(`${shop.url}/healthcheck`, { timeoutMs: 5_000 });
    assert.equal(healthy.status, 200, `/healthcheck with room again: ${healthy.status} ${healthy.text}`);
    assert.match(shop.log, /healthcheck: database available again/);
  } finally {
    fs.rmSync(filler, { force: true });
    await ctx.stopShops();
    if (moved) await ctx.sql(`ALTER TABLE "Order" SET TABLESPACE pg_default`);
    await ctx.sql(`DROP TABLESPACE IF EXISTS ${tablespace}`).catch(() => {});
    if (spawnSync("umount", [mountDir]).status !== 0) spawnSync("umount", ["-l", mountDir]);
    fs.rmSync(mountDir, { recursive: true, force: true });
  }
}
