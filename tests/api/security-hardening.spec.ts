import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";

import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// The security review's HTTP-level proofs, part 2: what an attacker sends
// (timing, markup, errors, images, proxies, CSRF, oversized bodies).
// docs/security.md names each test; part 1 is security.spec.ts.

const rnd = () => Math.floor(Math.random() * 254) + 1;
const ip = () => `10.${rnd()}.${rnd()}.${rnd()}`;

async function medianLoginMs(request: APIRequestContext, email: string) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const res = await request.post("/api/users/auth", { headers: { "X-Forwarded-For": ip() }, data: { email, password: "wrong-password" } });
    expect(res.status()).toBe(401);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}

test("an unknown e-mail costs a full password check, so timing does not reveal accounts", async ({ request }) => {
  const user = await createUser();
  // The helper hashes test passwords cheaply; give this account a real-cost hash like a registered one.
  await request.put("/api/users/profile", { headers: { Cookie: await sessionCookieFor(user) }, data: { password: "cotton-kurta-77" } });
  const known = await medianLoginMs(request, user.email);
  const unknown = await medianLoginMs(request, `nobody-${uniqueTag()}@example.com`);
  // Without the dummy hash an unknown e-mail answers in a couple of ms instead of a bcrypt's tens.
  expect(unknown).toBeGreaterThan(known * 0.5);
});

test("stored markup in names, descriptions and reviews never runs", async ({ request }) => {
  const payload = `</script><script>alert(1)</script><img src=x onerror=alert(2)>`;
  const category = await createTestCategory(`Cat ${uniqueTag()} ${payload}`);
  // Written around the service (as a seed or SQL would), so only render-time cleaning protects it.
  const product = await createTestProduct({
    name: `Evil ${payload}`,
    categoryId: category.id,
    description: `<p>Fine</p><script>alert(3)</script><img src=x onerror="alert(4)"><a href="javascript:alert(5)">x</a>`,
  });
  const user = await createUser();
  await prisma.review.create({ data: { productId: product.id, userId: user.id, name: payload, rating: 5, comment: payload } });
  const footer = await prisma.footerPage.create({ data: { title: `Foot ${payload}`, description: `<p>ok</p><svg onload=alert(6)></svg>` } });

  for (const path of [`/product/${product.id}`, `/category/${category.id}`, `/footer-info/${footer.id}`, "/"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain("<script>alert(");
    // The injected tags themselves (escaped copies inside alt="…" or text are harmless).
    expect(html, path).not.toMatch(/<img src="?x"?[\s>]/i);
    expect(html, path).not.toMatch(/<svg onload/i);
    expect(html, path).not.toContain('href="javascript:');
  }
  // And cleaned on save: an admin's footer page keeps its text, loses the script.
  const admin = await sessionCookieFor(await createUser({ isAdmin: true }));
  const res = await request.post("/api/footer", {
    headers: { Cookie: admin },
    data: { title: `Saved ${uniqueTag()}`, description: `<p>Kept</p><script>alert(7)</script><p onclick="x()">y</p>` },
  });
  expect(res.status()).toBe(201);
  const saved = await prisma.footerPage.findUniqueOrThrow({ where: { id: (await res.json()).id } });
  expect(saved.description).toContain("Kept");
  expect(saved.description).not.toMatch(/script|onclick/);
});

test("errors never leak stack traces or internals", async ({ request }) => {
  const admin = await sessionCookieFor(await createUser({ isAdmin: true }));
  const responses = await Promise.all([
    request.get("/api/products/999999999999999999999"),
    request.post("/api/users/auth", { headers: { "Content-Type": "application/json", "X-Forwarded-For": ip() }, data: "{not json" }),
    request.get("/product/abc"),
    request.get("/order/not-a-uuid"),
    request.get("/api/orders/not-a-uuid", { headers: { Cookie: await sessionCookieFor(await createUser()) } }),
    request.post("/api/upload", {
      headers: { Cookie: admin, "Content-Type": "multipart/form-data; boundary=x" },
      data: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nbroken',
    }),
  ]);
  for (const res of responses) {
    expect(res.status(), res.url()).toBeGreaterThanOrEqual(400);
    expect(res.status(), res.url()).toBeLessThan(500);
    const text = await res.text();
    expect(text, res.url()).not.toMatch(/\n\s+at |node_modules|PrismaClient|prisma\./i);
  }
});

test("served images are typed, nosniff and never SVG", async ({ request }) => {
  const admin = await sessionCookieFor(await createUser({ isAdmin: true }));
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
  const refused = await request.post("/api/upload", {
    headers: { Cookie: admin },
    multipart: { image: { name: "x.png", mimeType: "image/png", buffer: svg } },
  });
  expect(refused.status()).toBe(415);
  const missing = await request.get("/images/does-not-exist");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toContain("text/plain");
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test("in production the cookie is Secure and X-Forwarded-For is ignored without TRUST_PROXY", async ({ playwright }) => {
  test.setTimeout(60_000);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NODE_ENV: "production", SESSION_SECRET: "prod-like-session-secret-0123456789abcdef" };
  delete env.COOKIE_SECURE;
  delete env.TRUST_PROXY;
  // Every request reaches this server from loopback. The rate limit lives in the shared database, so
  // clear what an earlier run left on that address.
  await prisma.authFailure.deleteMany({ where: { key: { in: ["ip:127.0.0.1", "ip:::ffff:127.0.0.1"] } } });
  const server = spawn("node", ["server.js"], { env, stdio: "ignore" });
  const api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${port}` });
  try {
    await expect.poll(async () => (await api.get("/healthcheck").catch(() => null))?.status(), { timeout: 20_000 }).toBe(200);
    const user = await createUser();
    const ok = await api.post("/api/users/auth", { data: { email: user.email, password: user.password } });
    expect(ok.headers()["set-cookie"]).toMatch(/;\s*Secure/i);
    expect(ok.headers()["strict-transport-security"]).toBeTruthy();
    // A fresh spoofed address per attempt would dodge a limiter that believed the header.
    const target = `spoof-${uniqueTag()}@example.com`;
    // Were the header believed, every attempt would be a new client with a new e-mail and none refused.
    // (Other tests' sign-ins from loopback may be in flight and count for a moment, so allow an early 429.)
    const statuses: number[] = [];
    for (let i = 0; i < 11 && !statuses.includes(429); i++) {
      const res = await api.post("/api/users/auth", {
        headers: { "X-Forwarded-For": ip() },
        data: { email: `${i}-${target}`, password: "wrong-password" },
      });
      statuses.push(res.status());
    }
    expect(statuses[0]).toBe(401);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
  } finally {
    await api.dispose();
    server.kill();
  }
});

test("CSRF: a foreign, opaque or cross-site-fetched POST is refused; same-origin and plain API clients are served", async ({ request, baseURL }) => {
  const email = `csrf-${uniqueTag()}@example.com`;
  const data = { name: "Mallory", email, password: "cotton-kurta-77" };
  const attempts: Record<string, string>[] = [{ Origin: "null" }, { Origin: "http://localhost.evil.example" }, { "Sec-Fetch-Site": "cross-site" }];
  for (const headers of attempts) {
    const res = await request.post("/api/users", { headers: { ...headers, "X-Forwarded-For": ip() }, data });
    expect(res.status(), JSON.stringify(headers)).toBe(403);
  }
  expect(await prisma.user.count({ where: { email } })).toBe(0);
  const same = await request.post("/api/users", { headers: { Origin: new URL(baseURL!).origin, "X-Forwarded-For": ip() }, data });
  expect(same.status()).toBe(201);
  const plain = await request.post("/api/users", { headers: { "X-Forwarded-For": ip() }, data: { ...data, email: `x${email}` } });
  expect(plain.status()).toBe(201);
});

test("a small file that decodes to a huge picture is refused with 413", async ({ request }) => {
  const admin = await sessionCookieFor(await createUser({ isAdmin: true }));
  // 8000 × 7000 pixels of one colour: a few hundred KB of PNG, 56 megapixels decoded.
  const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: "#fff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
  const res = await request.post("/api/upload", {
    headers: { Cookie: admin },
    multipart: { image: { name: "bomb.png", mimeType: "image/png", buffer: bomb } },
  });
  expect(res.status()).toBe(413);
  expect((await res.json()).message).toMatch(/too large/i);
});

test("page forms over 1 MB are refused with 413 before they are read; unsized form bodies with 411", async ({ request, baseURL }) => {
  const res = await request.post("/login", {
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip() },
    data: `email=a%40b.c&password=${"x".repeat(2 * 1024 * 1024)}`,
  });
  expect(res.status()).toBe(413);
  expect((await res.json()).message).toBe("Request body is too large");

  // A chunked body declares no length; only a JSON one is bounded while it is read.
  const { port, hostname } = new URL(baseURL!);
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        path: "/login",
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      },
      (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.write("email=a%40b.c&");
    req.end("password=x");
  });
  expect(status).toBe(411);
});
