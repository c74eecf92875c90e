import { spawn } from "node:child_process";
import net from "node:net";

import { expect, test } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { createTestOrder } from "../support/orders";
import { uniqueIp } from "../support/ip";

// Issue 27 items 9-11, 13 and 14 over HTTP: replayed keys, spreadsheet
// formulas, redirects, the session secret and odd request lines.
// docs/security.md names each test.

const ip = uniqueIp;
const address = { address: "House 7, Road 2, Gulshan", city: "Dhaka", postalCode: "1212", phone: "01811000000", deliveryLabel: "Home" };

test("replaying a guest's Idempotency-Key with another body is a 422, never their order", async ({ request }) => {
  const p = await createTestProduct({ sizes: [{ size: "M", quantity: 5 }] });
  const victim = {
    orderItems: [{ product: p.id, qty: 1, selectedSize: "M" }],
    shippingAddress: address,
    name: "Victim",
    email: `victim-${uniqueTag()}@example.com`,
  };
  const headers = { "Idempotency-Key": "1", "X-Forwarded-For": ip() };
  const placed = await request.post("/api/orders", { data: victim, headers });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  const attack = await request.post("/api/orders", {
    data: { ...victim, name: "Mallory", shippingAddress: { ...address, phone: "01999999999" } },
    headers: { ...headers, "X-Forwarded-For": ip() },
  });
  expect(attack.status()).toBe(422);
  const body = await attack.text();
  expect(JSON.parse(body)).toEqual({ message: "This Idempotency-Key was already used for a different order; use a new key for a new order" });
  expect(body).not.toContain(order.id);
  expect(body).not.toContain("Gulshan");
  // The victim's own retry still gets the order.
  expect((await request.post("/api/orders", { data: victim, headers })).status()).toBe(200);
});

test("the order CSV turns formula cells into text", async ({ request }) => {
  const product = await createTestProduct();
  const name = `=HYPERLINK("http://evil.example/${uniqueTag()}","Click")`;
  await createTestOrder({ name, address: "+SUM(1,2)", lines: [{ product, size: "M", qty: 1 }] });
  const admin = await sessionCookieFor(await createUser({ isAdmin: true }));
  const csv = await (await request.get("/admin/orderlist.csv", { headers: { Cookie: admin } })).text();
  const line = csv.split("\r\n").find((l) => l.includes("evil.example"))!;
  expect(line).toContain(`"'=HYPERLINK(""http://evil.example/`);
  expect(line).toContain("'+SUM(1,2)");
  expect(line).not.toMatch(/(^|,)"?=HYPERLINK/);
});

test("the language switch never redirects off-site, alone or chained after sign-in", async ({ request }) => {
  const noFollow = { maxRedirects: 0 };
  for (const next of ["/bn//evil.example/x", "/bn/\\evil.example", "//evil.example", "/bn/%2f%2fevil.example", "/bn/\t/evil.example"]) {
    for (const lang of ["en", "bn"]) {
      const res = await request.get(`/language/${lang}?next=${encodeURIComponent(next)}`, noFollow);
      expect(res.status()).toBe(303);
      const location = res.headers().location!;
      expect(new URL(location.replace(/\\/g, "/"), "http://shop.example").host, `${lang} ${next} → ${location}`).toBe("shop.example");
    }
  }
  expect((await request.get("/language/en?next=%2Fbn%2F%2Fevil.example%2Fx", noFollow)).headers().location).toBe("/");
  expect((await request.get("/language/en?next=%2Fbn%2Fcart", noFollow)).headers().location).toBe("/cart");
  // Chained: sign in with redirect=/language/en?next=/bn//evil… lands on the site.
  const user = await createUser();
  const chained = `/language/en?next=${encodeURIComponent("/bn//evil.example/x")}`;
  const login = await request.post(`/login?redirect=${encodeURIComponent(chained)}`, {
    form: { email: user.email, password: user.password, redirectTo: chained },
    headers: { "X-Forwarded-For": ip() },
    ...noFollow,
  });
  expect(login.status()).toBe(302);
  const hop = login.headers().location!;
  expect(hop.startsWith("/language/en")).toBe(true);
  const final = await request.get(hop, noFollow);
  expect(final.headers().location).toBe("/");
});

function rawRequest(host: string, port: number, lines: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // write, not end: a half-closed socket may be dropped before the answer; Connection: close ends it.
    const socket = net.connect(port, host, () => socket.write(lines));
    let data = "";
    socket.on("data", (c) => (data += c.toString()));
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
}

test("a request line with an absolute URL is served as its path, never a 500 from the page cache", async ({ baseURL }) => {
  const { hostname, port: portText } = new URL(baseURL!);
  const port = Number(portText);
  const host = hostname === "localhost" ? "127.0.0.1" : hostname;
  const product = await createTestProduct();
  for (let i = 0; i < 2; i++) {
    // Twice: the first renders into the cache, the second is served from it.
    const reply = await rawRequest(
      host,
      port,
      `GET http://evil.example/product/${product.id} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(reply.slice(0, 12)).toBe("HTTP/1.1 200");
    expect(reply).not.toContain("evil.example");
  }
  const odd = await rawRequest(host, port, `GET ftp://evil.example/x HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  expect(odd.slice(0, 12)).toBe("HTTP/1.1 400");
});

test("the server refuses to start with a session secret under 32 bytes, and says how to make one", async () => {
  test.setTimeout(60_000);
  for (const secret of ["", "test-session-secret"]) {
    // NODE_ENV unset, as `npm run serve` runs it: that once fell back to a fixed secret.
    const env = { ...process.env, PORT: "0", SESSION_SECRET: secret };
    Reflect.deleteProperty(env, "NODE_ENV");
    const child = spawn("node", ["server.js"], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code, secret).toBe(1);
    expect(stderr).toContain("SESSION_SECRET");
    expect(stderr).toContain("openssl rand -hex 32");
  }
});
