// What the cluster test's cases share (scripts/test-cluster.mjs and the case
// files beside it): a log line with the time, HTTP and SQL that never throw
// on a refused connection, an order's body, an admin's cookie, stock.
import assert from "node:assert/strict";

import { query } from "./db-tasks.mjs";

const t0 = Date.now();
export const say = (message) => console.log(`[test:cluster +${Math.round((Date.now() - t0) / 1000)}s] ${message}`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function request(url, init = {}) {
  const started = Date.now();
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(15_000), ...init });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, error, text: "", ms: Date.now() - started };
  }
}

export async function sql(url, text, params = []) {
  return (await query(url, text, params)).rows;
}

export const json = { "Content-Type": "application/json" };
export const address = { address: "House 7, Road 2", city: "Dhaka", postalCode: "1212", phone: "01811000000" };
export const orderBody = (productId, size) =>
  JSON.stringify({
    name: "Cluster Guest",
    email: "cluster@example.com",
    orderItems: [{ product: productId, qty: 1, selectedSize: size }],
    shippingAddress: address,
    paymentMethod: "Cash on Delivery",
  });

export async function adminCookie(front) {
  const res = await request(`${front}/api/users/auth`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: "admin@example.com", password: "admin12345" }),
  });
  assert.equal(res.status, 200, `admin sign-in: ${res.status} ${res.text}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    .split(";")[0];
}

export async function stockProduct(cluster, quantity) {
  const [{ id }] = await sql(
    cluster.urls.primary,
    `INSERT INTO "Product" (name, "pricePaisa", image, brand, "categoryId", description, "updatedAt")
     VALUES ('Cluster Panjabi ' || md5(random()::text), 100000, '/placeholder.svg', 'Cluster', 1, '<p>x</p>', now()) RETURNING id`,
  );
  await sql(cluster.urls.primary, `INSERT INTO "ProductSize" ("productId", size, quantity, position) VALUES ($1, 'M', $2, 0)`, [id, quantity]);
  return id;
}

export async function soldAndLeft(cluster, productId) {
  const [row] = await sql(
    cluster.urls.primary,
    `SELECT (SELECT quantity FROM "ProductSize" WHERE "productId" = $1) AS left,
            (SELECT coalesce(sum(i.qty), 0)::int FROM "OrderItem" i JOIN "Order" o ON o.id = i."orderId"
              WHERE i."productId" = $1 AND o."cancelledAt" IS NULL) AS sold`,
    [productId],
  );
  return row;
}
