// Junk to every API call and every page action over one kept-alive
// connection: wrong content types, invalid JSON, wrong types, huge strings,
// negative and fractional quantities, unknown ids, path junk. No answer is a
// 5xx, a request answered 4xx changes nothing, and the connection stays
// usable throughout (issue 13, "junk", #3, #4). Issue 27 adds request lines
// with absolute URIs, multi-megabyte multipart bodies on public forms, and
// spreadsheet formulas in a guest's details (the order CSV keeps them text).
import http from "node:http";

import { assert, jsonHeaders, request } from "./support.mjs";

// Long enough to overflow every column limit, short enough to stay under the 1 MB body cap (413s are tested elsewhere).
const huge = "x".repeat(50_000);

/** Bodies sent to every JSON API call. */
const JSON_JUNK = [
  { "Content-Type": "text/plain", body: "hello" },
  { "Content-Type": "application/x-www-form-urlencoded", body: "name=a&email=b" },
  { body: "{" },
  { body: "[]" },
  { body: "null" },
  { body: '"text"' },
  { body: JSON.stringify({ name: 5, email: [], password: {}, title: null, rating: "five", percentage: "x", price: "abc" }) },
  { body: JSON.stringify({ name: huge, email: `${huge}@example.com`, password: huge, comment: huge, title: huge, description: huge }) },
  { body: JSON.stringify({ rating: 2.5, comment: "ok", percentage: 1.5, price: -5, categoryId: 2147483648, isActive: "yes" }) },
  { body: JSON.stringify({ orderItems: [{ product: 999999999, qty: 1, selectedSize: "M" }] }) },
];

function orderJunk(productId) {
  const item = (over) => ({
    orderItems: [{ product: productId, qty: 1, selectedSize: "M", ...over }],
    shippingAddress: { address: "a", city: "b", postalCode: "1205", phone: "01811000000", deliveryLabel: "Home" },
    name: "Junk",
    email: "junk@example.com",
  });
  return [
    item({ qty: -1 }),
    item({ qty: 0 }),
    item({ qty: 1.5 }),
    item({ qty: "1e9" }),
    item({ qty: 1e12 }),
    item({ product: -3 }),
    item({ product: "1 OR 1=1" }),
    item({ product: 2147483648 }),
    item({ selectedSize: huge }),
    item({ selectedSize: "XXXL" }),
    { ...item({}), totalPrice: -1 },
    { ...item({}), paymentMethod: "PayPal" },
    { ...item({}), shippingAddress: "Dhaka" },
    { ...item({}), email: "not-an-email" },
  ].map((b) => ({ body: JSON.stringify(b) }));
}

const PATH_JUNK = [
  "/api/products/abc",
  "/api/products/-1",
  "/api/products/1.5",
  "/api/products/99999999999",
  "/api/products/%00",
  "/api/products?pageNumber=-1",
  "/api/products?pageNumber=abc&keyword=%25%00",
  "/api/products/category/xyz",
  "/api/orders/not-a-uuid",
  "/api/orders/00000000-0000-0000-0000-000000000000",
  "/api/users/%E0%A4%A",
  "/api/categories/0",
  "/api/discounts/1e3",
  "/api/footer/..%2F..%2Fetc%2Fpasswd",
  "/product/abc",
  "/product/2147483648",
  "/order/zzz",
  "/category/-1",
  "/search/%00",
  "/page/0",
  "/images/abc",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/admin/product/abc/edit",
];

export default async function junk(ctx) {
  const shop = await ctx.startShop(0);
  const productId = await ctx.createProduct([{ size: "M", quantity: 5 }]);
  const email = `junk-${Date.now()}@example.com`;
  await request(`${shop.url}/api/users`, {
    method: "POST",
    headers: jsonHeaders,
    body: JSON.stringify({ name: "Junk Admin", email, password: "cotton-kurta-77" }),
  });
  await ctx.sql(`UPDATE "User" SET "isAdmin" = true WHERE email = $1`, [email]);
  const auth = await request(`${shop.url}/api/users/auth`, {
    method: "POST",
    headers: jsonHeaders,
    body: JSON.stringify({ email, password: "cotton-kurta-77" }),
  });
  const admin = [auth.headers["set-cookie"]].flat()[0].split(";")[0];
  const [{ id: userId }] = await ctx.sql(`SELECT id FROM "User" WHERE email = $1`, [email]);

  // Everything a 4xx could wrongly change; sign-in failures (rate limit) and revocations may change.
  const tables = (
    await ctx.sql(
      `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_name NOT IN ('_prisma_migrations', 'AuthFailure', 'RevokedSession')`,
    )
  ).map((r) => r.t);
  // The mail outbox is compared by its messages, not their sending state: the worker goes on sending (and
  // retrying) the e-mails of orders the earlier cases placed, whatever the junk requests do.
  const rowsOf = (t) => (t === "MailOutbox" ? `(SELECT id, key, template, "to", data FROM "MailOutbox")` : `"${t}"`);
  const snapshot = async () =>
    (
      await ctx.sql(
        `SELECT ${tables.map((t) => `(SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM ${rowsOf(t)} x) AS "${t}"`).join(", ")}`,
      )
    )[0];

  const calls = [];
  const api = [
    ["POST", "/api/users/auth"],
    ["POST", "/api/users"],
    ["PUT", "/api/users/profile"],
    ["PUT", `/api/users/${userId}`],
    ["POST", `/api/products/${productId}/reviews`],
    ["PUT", `/api/products/${productId}`],
    ["POST", "/api/categories"],
    ["PUT", "/api/categories/1"],
    ["POST", "/api/discounts"],
    ["PUT", "/api/discounts/1"],
    ["POST", "/api/footer"],
    ["PUT", "/api/footer/1"],
    ["POST", "/api/orders"],
  ];
  const publicCalls = new Set(["/api/users/auth", "/api/users", "/api/orders"]);
  for (const [method, path] of api) {
    // Guests are refused before their body matters, except by the public calls.
    for (const cookie of publicCalls.has(path) ? [undefined, admin] : [admin]) {
      for (const j of JSON_JUNK) calls.push({ method, path, cookie, headers: { "Content-Type": j["Content-Type"] ?? "application/json" }, body: j.body });
    }
  }
  for (const j of orderJunk(productId)) calls.push({ method: "POST", path: "/api/orders", headers: jsonHeaders, body: j.body });
  for (const path of PATH_JUNK) calls.push({ method: "GET", path, cookie: admin });
  for (const path of ["/api/products/abc", "/api/orders/not-a-uuid/pay", "/api/users/-1", "/api/categories/abc"]) {
    calls.push({ method: "PUT", path, cookie: admin, headers: jsonHeaders, body: "{}" }, { method: "DELETE", path, cookie: admin });
  }
  // Page actions with junk in the form fields.
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const pageForms = [
    [`/product/${productId}`, { intent: "addToCart", productId: String(productId), size: "M", qty: "-1" }],
    [`/product/${productId}`, { intent: "addToCart", productId: "abc", size: "M", qty: "1.5" }],
    [`/product/${productId}`, { intent: "review", rating: "9", comment: huge }],
    ["/cart", { intent: "update", productId: "999999999", size: "M", qty: "-4" }],
    ["/shipping", { address: "", city: huge, postalCode: "x", phone: "" }],
    ["/register", { name: "", email: "nope", password: "1", confirmPassword: "2" }],
    ["/login", { email: huge, password: "" }],
    ["/profile", { name: "", email: "bad" }],
    ["/admin/categorylist", { intent: "create", name: "" }],
    ["/admin/discount/create", { percentage: "150", product: "abc" }],
    [`/admin/user/${userId}/edit`, { name: "", email: "bad" }],
  ];
  for (const [path, fields] of pageForms) {
    calls.push({ method: "POST", path, cookie: admin, headers: form, body: new URLSearchParams(fields).toString() });
    calls.push({ method: "POST", path, cookie: admin, headers: jsonHeaders, body: JSON.stringify(fields) });
  }

  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let before = await snapshot();
  const counts = {};
  try {
    for (const c of calls) {
      const headers = { ...(c.headers ?? {}), ...(c.cookie ? { Cookie: c.cookie } : {}), "X-Forwarded-For": "10.99.0.1" };
      const r = await request(`${shop.url}${c.path}`, { method: c.method, headers, body: c.body, agent, timeoutMs: 30_000 });
      const what = `${c.method} ${c.path} ${c.cookie ? "(admin)" : ""} ${String(c.body ?? "").slice(0, 80)}`;
      assert.ok(!r.error, `${what}: the connection failed: ${r.error?.message}`);
      assert.ok(r.status < 500, `${what}: answered ${r.status} ${r.text.slice(0, 200)}`);
      counts[r.status] = (counts[r.status] ?? 0) + 1;
      const after = await snapshot();
      if (r.status >= 400) assert.deepEqual(after, before, `${what}: answered ${r.status} but changed the database`);
      before = after;
    }
    await issue27Junk(shop.url, { agent, admin, productId, snapshot });
    const health = await request(`${shop.url}/healthcheck`, { agent });
    assert.equal(health.status, 200, "the kept-alive connection is unusable after the junk");
  } finally {
    agent.destroy();
  }
  ctx.say(`${calls.length} junk requests: ${JSON.stringify(counts)}`);
}

/** A request whose request line carries `target` as it is (absolute-form, asterisk-form…), on a connection of its own. */
function rawRequest(base, target) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const req = http.request({ hostname, port, path: target, method: "GET", agent: false, headers: { Connection: "close" } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode }));
    });
    req.on("error", (error) => resolve({ error }));
    req.end();
  });
}

/** Issue 27's shapes: absolute request URIs, huge bodies on public forms, formula strings. */
async function issue27Junk(base, { agent, admin, productId, snapshot }) {
  const before = await snapshot();
  for (const target of [
    `http://evil.example/product/${productId}`,
    "http://evil.example/",
    "https://evil.example/api/products",
    "ftp://evil.example/x",
    "http://[::1",
    "*",
  ]) {
    const r = await rawRequest(base, target);
    // Node itself may drop a request line it cannot parse; an answer, when there is one, is never a 5xx.
    if (!r.error) assert.ok(r.status < 500, `GET ${target}: answered ${r.status}`);
  }
  const boundary = "----junk27";
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${"x".repeat(3 * 1024 * 1024)}\r\n--${boundary}--\r\n`;
  for (const path of ["/login", "/register", "/shipping", "/forgot-password", "/bn/register", "/api/users"]) {
    const headers = { "Content-Type": `multipart/form-data; boundary=${boundary}`, "X-Forwarded-For": "10.99.0.2" };
    const r = await request(`${base}${path}`, { method: "POST", headers, body, agent, timeoutMs: 30_000 });
    assert.equal(r.status, 413, `a 3 MB multipart POST to ${path} answered ${r.status}`);
  }
  assert.deepEqual(await snapshot(), before, "refused junk changed the database");

  const formula = '=HYPERLINK("http://evil.example","Click")';
  const order = {
    orderItems: [{ product: productId, qty: 1, selectedSize: "M" }],
    shippingAddress: { address: "+SUM(1,2)", city: "@Dhaka", postalCode: "1207", phone: "01811000000", deliveryLabel: "Home" },
    name: formula,
    email: `formula-${Date.now()}@example.com`,
  };
  const placed = await request(`${base}/api/orders`, {
    method: "POST",
    headers: { ...jsonHeaders, "X-Forwarded-For": "10.99.0.3" },
    body: JSON.stringify(order),
    agent,
  });
  assert.equal(placed.status, 201, `the formula order answered ${placed.status} ${placed.text.slice(0, 200)}`);
  const csv = await request(`${base}/admin/orderlist.csv`, { headers: { Cookie: admin }, agent });
  assert.equal(csv.status, 200);
  for (const line of csv.text.split("\r\n").filter((l) => l.includes("evil.example"))) {
    assert.ok(!/(^|,)"?[=+@]/.test(line), `a CSV cell still starts a formula: ${line.slice(0, 200)}`);
  }
}
