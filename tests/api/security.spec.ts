import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";

import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";

import { sessionStorage } from "~/models/accounts/session.server";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// The security review's HTTP-level proofs (docs/security.md names each test).
// Everything else security-related is proved where the feature is tested:
// users.spec.ts (forged cookies, expiry, password change, rate limits),
// admin-matrix.spec.ts (every admin API call), upload.spec.ts, platform.spec.ts.

const rnd = () => Math.floor(Math.random() * 254) + 1;
const ip = () => `10.${rnd()}.${rnd()}.${rnd()}`;

async function makeFixture() {
  const tag = uniqueTag();
  const victim = await createUser();
  const category = await createTestCategory(`Guard ${tag}`);
  const product = await createTestProduct({ categoryId: category.id });
  const spare = await createTestProduct({ categoryId: category.id });
  const discount = await prisma.discount.create({ data: { productId: product.id, percentage: 10 } });
  const footer = await prisma.footerPage.create({ data: { title: `Guard ${tag}`, description: "<p>Kept</p>" } });
  // A guest's order awaiting its code: every admin step (paid, delivered, confirmed, cancelled) would change it.
  const order = await createTestOrder({ lines: [{ product, size: "M", qty: 1 }], name: "Guard Guest", awaitingConfirmation: true });
  const [hideMe, deleteMe] = await Promise.all(
    [1, 2].map(async (rating) => {
      const writer = await createUser();
      return prisma.review.create({ data: { productId: product.id, userId: writer.id, name: writer.name, rating, comment: `Guard ${tag}` } });
    }),
  );
  return { tag, victim, category, product, spare, discount, footer, order, hideMe: hideMe!, deleteMe: deleteMe! };
}
type Fixture = Awaited<ReturnType<typeof makeFixture>>;

/** Every admin page action, with a body that an admin's request would carry out (checked at the end). */
function pageActions(f: Fixture): { path: string; form: Record<string, string> }[] {
  const productForm = {
    intent: "save",
    name: "Hacked",
    price: "1",
    brand: "X",
    categoryId: String(f.category.id),
    description: "<p>x</p>",
    image: "/placeholder.svg",
    "sizes[0].size": "M",
    "sizes[0].quantity": "1",
  };
  return [
    { path: "/admin/categorylist", form: { intent: "create", name: `Created ${f.tag}` } },
    { path: `/admin/category/${f.category.id}/edit`, form: { name: `Renamed ${f.tag}` } },
    { path: "/admin/discount/create", form: { category: String(f.category.id), percentage: "15", isActive: "on" } },
    { path: `/admin/discount/${f.discount.id}/edit`, form: { percentage: "50", isActive: "on" } },
    { path: "/admin/footerCreate", form: { title: `Created ${f.tag}`, description: "<p>x</p>" } },
    { path: "/admin/footerCreate", form: { id: String(f.footer.id), title: "Hacked", description: "<p>x</p>" } },
    { path: `/admin/product/${f.product.id}/edit`, form: productForm },
    { path: "/admin/product/new", form: { ...productForm, name: `Created ${f.tag}` } },
    { path: `/admin/user/${f.victim.id}/edit`, form: { name: "Hacked", email: f.victim.email } },
    { path: `/order/${f.order.id}`, form: { intent: "pay" } },
    { path: `/order/${f.order.id}`, form: { intent: "deliver" } },
    { path: "/admin/reviewlist", form: { intent: "visibility", hidden: "true", productId: String(f.product.id), reviewId: String(f.hideMe.id) } },
    { path: "/admin/reviewlist", form: { intent: "delete", productId: String(f.product.id), reviewId: String(f.deleteMe.id), confirmed: "yes" } },
    { path: "/admin/discountlist", form: { intent: "delete", id: String(f.discount.id), confirmed: "yes" } },
    { path: "/admin/footerCreate", form: { intent: "delete", id: String(f.footer.id), confirmed: "yes" } },
    { path: "/admin/productlist", form: { intent: "delete", id: String(f.spare.id), confirmed: "yes" } },
    { path: "/admin/userlist", form: { intent: "delete", id: String(f.victim.id), confirmed: "yes" } },
    { path: "/admin/categorylist", form: { intent: "delete", id: String(f.category.id), confirmed: "yes" } },
  ];
}

/** The fixture's rows in comparable form, plus anything created under its tag. */
async function snapshot(f: Fixture) {
  const [users, categories, products, discounts, footers, orders, reviews] = await Promise.all([
    prisma.user.findMany({ where: { id: f.victim.id }, select: { name: true, isAdmin: true } }),
    prisma.category.findMany({ where: { name: { contains: f.tag } }, select: { id: true, name: true } }),
    prisma.product.findMany({
      where: { OR: [{ id: { in: [f.product.id, f.spare.id] } }, { name: `Created ${f.tag}` }] },
      select: { id: true, name: true, pricePaisa: true },
    }),
    prisma.discount.findMany({ where: { OR: [{ id: f.discount.id }, { categoryId: f.category.id }] }, select: { id: true, percentage: true } }),
    prisma.footerPage.findMany({ where: { OR: [{ id: f.footer.id }, { title: { contains: f.tag } }] }, select: { id: true, title: true } }),
    prisma.order.findMany({ where: { id: f.order.id }, select: { isPaid: true, isDelivered: true } }),
    prisma.review.findMany({ where: { productId: f.product.id }, select: { id: true, hidden: true }, orderBy: { id: "asc" } }),
  ]);
  return JSON.stringify({ users, categories, products, discounts, footers, orders, reviews });
}

async function post(request: APIRequestContext, path: string, form: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = { "X-Forwarded-For": ip() };
  if (cookie) headers.Cookie = cookie;
  return request.post(path, { form, headers, maxRedirects: 0 });
}

test("every admin page action refuses guests and shoppers and changes nothing; admins succeed", async ({ request }) => {
  test.setTimeout(60_000);
  const f = await makeFixture();
  const shopper = await sessionCookieFor(await createUser());
  const admin = await sessionCookieFor(await createUser({ isAdmin: true }));
  const before = await snapshot(f);
  const actions = pageActions(f);

  for (const { path, form } of actions) {
    const guest = await post(request, path, form);
    expect(guest.status(), `guest ${path} ${form.intent ?? ""}`).toBe(302);
    expect(guest.headers().location, `guest ${path}`).toBe(`/login?${new URLSearchParams({ redirect: path })}`);
    const asShopper = await post(request, path, form, shopper);
    expect(asShopper.status(), `shopper ${path} ${form.intent ?? ""}`).toBe(302);
    expect(asShopper.headers().location, `shopper ${path}`).toBe("/login");
  }
  expect(await snapshot(f)).toBe(before);

  // The control: the very same requests from an admin do take effect, so the refusals above are the guard's doing.
  for (const { path, form } of actions) {
    const previous = await snapshot(f);
    const res = await post(request, path, form, admin);
    expect(res.status(), `admin ${path} ${form.intent ?? ""}`).toBe(302);
    const location = res.headers().location ?? "";
    expect(location, `admin ${path}`).not.toMatch(/^\/login/);
    expect(await snapshot(f), `admin ${path} ${form.intent ?? ""} changed something`).not.toBe(previous);
  }
  await prisma.product.deleteMany({ where: { name: `Created ${f.tag}` } });
});

test("another shopper's order is a 404 on the page and in the API; the owner sees it", async ({ request }) => {
  const [owner, other] = [await createUser(), await createUser()];
  const product = await createTestProduct();
  const order = await prisma.order.create({
    data: {
      userId: owner.id,
      shippingName: owner.name,
      shippingEmail: owner.email,
      address: "Secret Street 7",
      city: "Dhaka",
      postalCode: "1207",
      phone: "01700000000",
      itemsPaisa: 1000_00,
      shippingPaisa: 0,
      taxPaisa: 0,
      totalPaisa: 1000_00,
      items: { create: [{ productId: product.id, name: product.name, image: product.image, pricePaisa: 1000_00, qty: 1, selectedSize: "M" }] },
    },
  });
  for (const cookie of [await sessionCookieFor(other), undefined]) {
    const headers = cookie ? { Cookie: cookie } : undefined;
    const page = await request.get(`/order/${order.id}`, { headers });
    expect(page.status()).toBe(404);
    expect(await page.text()).not.toContain("Secret Street 7");
    const api = await request.get(`/api/orders/${order.id}`, { headers });
    expect([401, 404]).toContain(api.status());
  }
  const mine = await request.get(`/order/${order.id}`, { headers: { Cookie: await sessionCookieFor(owner) } });
  expect(mine.status()).toBe(200);
  expect(await mine.text()).toContain("Secret Street 7");
});

test("sign-in never redirects off-site, whatever the redirect parameter says", async ({ request, playwright, baseURL }) => {
  const user = await createUser();
  // The forms are read by a client of their own: `request` gets signed in below, and /login then redirects.
  const guest = await playwright.request.newContext({ baseURL });
  const evil = ["//evil.example", "https://evil.example/", "/\\evil.example", "/\t/evil.example", "javascript:alert(1)", "%2F%2Fevil.example"];
  for (const target of evil) {
    const login = await guest.get(`/login?redirect=${encodeURIComponent(target)}`);
    // Refused, the target is dropped: the form carries none, and signing in lands where it would without one.
    expect(await login.text()).toContain('name="redirectTo" value=""');
    const res = await post(request, "/login", { email: user.email, password: user.password, redirectTo: target });
    expect(res.status(), target).toBe(302);
    expect(res.headers().location, target).toBe("/");
    const reg = await post(request, "/register", {
      name: "Redirected",
      email: `redir-${uniqueTag()}@example.com`,
      password: "cotton-kurta-77",
      confirmPassword: "cotton-kurta-77",
      redirectTo: target,
    });
    expect(reg.headers().location, target).toBe("/");
  }
  const ok = await post(request, "/login", { email: user.email, password: user.password, redirectTo: "/profile?tab=1" });
  expect(ok.headers().location).toBe("/profile?tab=1");
  await guest.dispose();
});

test("the session cookie is HttpOnly, SameSite=Lax and signed; signing in rewrites it", async ({ request }) => {
  const user = await createUser();
  const res = await post(request, "/login", { email: user.email, password: user.password, redirectTo: "/" });
  const cookie = res.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__session="));
  expect(cookie?.value).toMatch(/;\s*HttpOnly/i);
  expect(cookie?.value).toMatch(/;\s*SameSite=Lax/i);
  expect(cookie?.value).toMatch(/;\s*Path=\//i);
  const session = await sessionStorage.getSession(cookie!.value.split(";")[0]);
  expect(session.get("userId")).toBe(user.id);
});

test("signing in over someone else's session drops their cart and shipping details", async ({ request }) => {
  const [first, second] = [await createUser(), await createUser()];
  const planted = await sessionStorage.getSession();
  planted.set("userId", first.id);
  planted.set("sessionVersion", first.sessionVersion);
  planted.set("expiresAt", Date.now() + 60_000);
  planted.set("cart", [{ productId: 1, size: "M", qty: 2 }]);
  planted.set("shipping", { address: "First's home", city: "Dhaka", postalCode: "1207", phone: "01711000000", deliveryLabel: "Home" });
  const cookie = (await sessionStorage.commitSession(planted)).split(";")[0]!;
  const res = await post(request, "/login", { email: second.email, password: second.password, redirectTo: "/" }, cookie);
  expect(res.status()).toBe(302);
  const renewed = await sessionStorage.getSession(res.headers()["set-cookie"]!.split(";")[0]);
  expect(renewed.get("userId")).toBe(second.id);
  expect(renewed.get("shipping")).toBeUndefined();
  expect(renewed.get("cart") ?? []).toEqual([]);
});

test("register and profile ignore isAdmin (no mass assignment)", async ({ request }) => {
  const email = `mass-${uniqueTag()}@example.com`;
  const api = await request.post("/api/users", {
    headers: { "X-Forwarded-For": ip() },
    data: { name: "Mallory", email, password: "cotton-kurta-77", isAdmin: true },
  });
  expect(api.status()).toBe(201);
  expect((await api.json()).isAdmin).toBe(false);
  const pageEmail = `mass-${uniqueTag()}@example.com`;
  await post(request, "/register", { name: "Mallory", email: pageEmail, password: "cotton-kurta-77", confirmPassword: "cotton-kurta-77", isAdmin: "on" });
  const user = await createUser();
  const put = await request.put("/api/users/profile", { headers: { Cookie: await sessionCookieFor(user) }, data: { name: "Mallory", isAdmin: true } });
  expect(put.status()).toBe(200);
  const rows = await prisma.user.findMany({ where: { email: { in: [email, pageEmail, user.email] } }, select: { isAdmin: true } });
  expect(rows).toHaveLength(3);
  expect(rows.every((r) => !r.isAdmin)).toBe(true);
});

/** Median time of a few sign-in attempts. */
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
      data: "--x\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.png\"\r\n\r\nbroken",
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
  const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: "#fff" } }).png({ compressionLevel: 9 }).toBuffer();
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
      { host: hostname, port, path: "/login", method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" } },
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
