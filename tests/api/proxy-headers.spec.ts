import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";

import { expect, test, type APIResponse } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// Second security test (issue 40), items 2 and 4: what a client writes in
// X-Forwarded-Proto, X-Forwarded-For or Host never reaches a page another
// visitor is served, and what one shopper sees of themselves is never kept by
// a cache. docs/security.md names each test. The test server trusts one hop
// (TRUST_PROXY=1, playwright.config.ts), as the shop behind a proxy does.

const POISON = "http://127.0.0.1:4601/search/SHOP%20CLOSED%20order%20on%20WhatsApp%2001700000000?#";

/** Every absolute link in a page's head (canonical, og:url, hreflang, JSON-LD). */
async function headLinks(res: APIResponse) {
  const head = /<head>([\s\S]*?)<\/head>/.exec(await res.text())?.[1] ?? "";
  return [...head.matchAll(/https?:\/\/[^"'\s<>\\]+/g)].map((m) => m[0]);
}

/** node:http, so a Host header is sent as written. */
function getWithHost(baseURL: string, path: string, host: string): Promise<number> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path, headers: { Host: host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

test("an X-Forwarded-Proto that is not http or https is refused and never reaches the cached home page", async ({ request, baseURL }) => {
  for (let i = 0; i < 3; i++) {
    const poisoned = await request.get("/", { headers: { "X-Forwarded-Proto": POISON } });
    expect(poisoned.status()).toBe(400);
  }
  const home = await request.get("/");
  expect(home.status()).toBe(200);
  const html = await home.text();
  expect(html).not.toMatch(/SHOP CLOSED/);
  expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).not.toMatch(/Search/);
  const origin = new URL(baseURL!).origin;
  for (const link of await headLinks(home)) expect(link.startsWith(`${origin}/`) || !link.includes("localhost"), link).toBe(true);
});

test("a product page's links follow its own scheme: one visitor's X-Forwarded-Proto is not another's page", async ({ request, baseURL }) => {
  const product = await createTestProduct({ categoryId: (await createTestCategory()).id });
  const url = `/product/${product.id}`;
  const host = new URL(baseURL!).host;
  // Believed, from a trusted hop: this visitor's copy says https.
  const secure = await request.get(url, { headers: { "X-Forwarded-Proto": "https" } });
  expect(secure.status()).toBe(200);
  expect(await headLinks(secure)).toContain(`https://${host}${url}`);
  // The next plain visitor, within the cache's 5 s, gets links to where they are.
  const plain = await request.get(url);
  const links = await headLinks(plain);
  expect(links).toContain(`http://${host}${url}`);
  expect(links.filter((l) => l.includes(host)).every((l) => l.startsWith(`http://${host}/`))).toBe(true);
});

test("a Host that is not a host is refused before anything is rendered or cached", async ({ baseURL }) => {
  const { host } = new URL(baseURL!);
  expect(await getWithHost(baseURL!, "/", `${host}/search/SHOP`)).toBe(400);
  expect(await getWithHost(baseURL!, "/", `${host}#`)).toBe(400);
  expect(await getWithHost(baseURL!, "/", host)).toBe(200);
});

test("a shopper's loader JSON, pages and API answers are private, no-store; the shared catalogue stays public", async ({ request }) => {
  const cookie = await sessionCookieFor(await createUser({ name: `Rahim ${uniqueTag()}` }));
  const headers = { Cookie: cookie };
  for (const path of [
    "/profile?_data=routes%2Fprofile",
    "/profile",
    "/?_data=root",
    "/?_data=routes%2F_index",
    "/api/users/profile",
    "/cart?_data=routes%2Fcart",
  ]) {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(200);
    expect(res.headers()["cache-control"], path).toBe("private, no-store");
  }
  const profile = await request.get("/profile?_data=routes%2Fprofile", { headers });
  expect(JSON.stringify(await profile.json())).toMatch(/Rahim/);
  // Anonymous: the catalogue's shared copies and the public JSON keep their own.
  expect((await request.get("/")).headers()["cache-control"]).toMatch(/^public/);
  expect((await request.get("/api/products")).headers()["cache-control"]).toMatch(/^public/);
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test("with SHOP_URL and the proxy's address in TRUST_PROXY, links name the shop and a direct client's X-Forwarded-For is ignored", async ({ playwright }) => {
  test.setTimeout(60_000);
  const port = await freePort();
  const shop = "https://tanabana.example";
  // The proxy is at 192.0.2.10: this test reaches the app port directly, from [::1], as an attacker would.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), SHOP_URL: shop, TRUST_PROXY: "192.0.2.10, 10.0.0.0/8" };
  await prisma.authFailure.deleteMany({ where: { key: "ip:::1" } });
  const server = spawn("node", ["server.js"], { env, stdio: "ignore" });
  const api = await playwright.request.newContext({ baseURL: `http://[::1]:${port}` });
  try {
    await expect.poll(async () => (await api.get("/healthcheck").catch(() => null))?.status(), { timeout: 20_000 }).toBe(200);
    const product = await createTestProduct({ categoryId: (await createTestCategory()).id });
    const page = await api.get(`/product/${product.id}`, { headers: { "X-Forwarded-Proto": "http", "X-Forwarded-Host": "evil.example" } });
    const links = await headLinks(page);
    expect(links).toContain(`${shop}/product/${product.id}`);
    expect(links).toContain(`${shop}/bn/product/${product.id}`);
    expect(links.filter((l) => !l.startsWith(`${shop}/`) && !l.startsWith("https://schema.org"))).toEqual([]);
    expect(await (await api.get("/sitemap.xml")).text()).toMatch(new RegExp(`<loc>${shop}/`));
    expect(await (await api.get("/robots.txt")).text()).toContain(`Sitemap: ${shop}/sitemap.xml`);

    // A fresh spoofed address per attempt would dodge a limiter that believed the header.
    const target = `spoof-${uniqueTag()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 12 && !statuses.includes(429); i++) {
      const res = await api.post("/api/users/auth", {
        headers: { "X-Forwarded-For": `203.0.113.${i + 1}` },
        data: { email: `${i}-${target}`, password: "wrong-password" },
      });
      statuses.push(res.status());
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
  } finally {
    await api.dispose();
    server.kill();
  }
});
