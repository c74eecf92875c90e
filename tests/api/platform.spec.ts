import http from "node:http";
import zlib from "node:zlib";

import { expect, test } from "@playwright/test";

import { prisma } from "../support/db";

// What the Express layer promises: health, security headers, CSRF refusal,
// compression and asset caching.

test("healthcheck answers OK once the database answers", async ({ request }) => {
  const res = await request.get("/healthcheck");
  expect(res.status()).toBe(200);
  expect(await res.text()).toBe("OK");
});

test("the balancer's probe, /healthcheck/reads, answers OK while the catalogue can be read", async ({ request }) => {
  // Without replicas it asks the primary, as /healthcheck does; with the primary down and a replica serving it
  // says "Reads only" (npm run test:cluster), and it is never cached.
  const res = await request.get("/healthcheck/reads");
  expect(res.status()).toBe(200);
  expect(await res.text()).toBe("OK");
  expect(res.headers()["cache-control"]).toBe("no-store");
});

test("both health checks say what this instance's mail worker is doing, in /healthcheck/mail's words", async ({ request }) => {
  const said = (await request.get("/healthcheck/mail")).headers()["x-mail-worker"];
  expect(said).toMatch(/^(running|not run here|down)/);
  for (const url of ["/healthcheck", "/healthcheck/reads"]) expect((await request.get(url)).headers()["x-mail-worker"], url).toBe(said);
});

// The healthcheck's 503 without a database: tests/api/outage.spec.ts.

// Pages shared by the page cache use script hashes instead: tests/api/page-cache.spec.ts.
test("pages carry an enforced CSP whose nonce is on every script", async ({ request }) => {
  const res = await request.get("/login");
  const csp = res.headers()["content-security-policy"];
  expect(csp).toBeTruthy();
  expect(res.headers()["content-security-policy-report-only"]).toBeUndefined();
  const nonce = /'nonce-([^']+)'/.exec(csp!)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  const html = await res.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts.filter((t) => !t.includes("application/ld+json"))) {
    expect(tag).toContain(`nonce="${nonce}"`);
  }
  // A fresh nonce per response.
  const again = (await request.get("/login")).headers()["content-security-policy"];
  expect(again).not.toBe(csp);
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
});

test("a POST naming another site's Origin is refused and changes nothing", async ({ request }) => {
  const email = `csrf-${Date.now()}@example.com`;
  const res = await request.post("/api/users", {
    headers: { Origin: "https://evil.example" },
    data: { name: "Mallory", email, password: "cotton-kurta-77" },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBeTruthy();
  expect(await prisma.user.count({ where: { email } })).toBe(0);

  const form = await request.post("/logout", { headers: { Origin: "https://evil.example" }, form: {} });
  expect(form.status()).toBe(403);
});

test("responses are compressed and build assets cached immutably", async ({ request }) => {
  const page = await request.get("/", { headers: { "Accept-Encoding": "br, gzip" } });
  expect(page.headers()["content-encoding"]).toMatch(/br|gzip/);
  const html = await page.text();
  const asset = /href="(\/build\/[^"]+\.css)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  const css = await request.get(asset!);
  expect(css.status()).toBe(200);
  expect(css.headers()["cache-control"]).toContain("immutable");
  expect(css.headers()["cache-control"]).toContain("max-age=31536000");
});

/** The raw answer, bytes as sent: Playwright's request and fetch would decode them. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

test("whole answers are compressed in one piece with their length, streams still compressed", async ({ request }, info) => {
  const base = info.project.use.baseURL!;
  const { products } = await (await request.get("/api/products")).json();
  const plain = await rawGet(`${base}/api/products`, "identity");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(JSON.parse(plain.body.toString()).products).toEqual(products);

  const br = await rawGet(`${base}/api/products`, "br, gzip");
  expect(br.headers["content-encoding"]).toBe("br");
  expect(br.headers.vary).toContain("Accept-Encoding");
  expect(Number(br.headers["content-length"])).toBe(br.body.length);
  expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

  const gzip = await rawGet(`${base}/`, "gzip");
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
  expect(zlib.gunzipSync(gzip.body).toString()).toContain("</html>");

  // Under 1 KB compression saves nothing worth its CPU: sent as it is.
  const small = await rawGet(`${base}/healthcheck`, "br, gzip");
  expect(small.headers["content-encoding"]).toBeUndefined();
  expect(small.body.toString()).toBe("OK");

  // The sitemap is rendered as a stream, then kept whole by the page cache (server/page-cache.js).
  const sitemap = await rawGet(`${base}/sitemap.xml`, "gzip");
  expect(sitemap.headers["content-encoding"]).toBe("gzip");
  expect(Number(sitemap.headers["content-length"])).toBe(sitemap.body.length);
  expect(zlib.gunzipSync(sitemap.body).toString()).toMatch(/<\/(urlset|sitemapindex)>\s*$/);
});

test("a malformed %-escape in a path is a 400, JSON under /api", async ({ request }) => {
  const api = await request.get("/api/products/category/%ZZ");
  expect(api.status()).toBe(400);
  expect(await api.json()).toEqual({ message: "Bad request" });
  const page = await request.get("/product/%ZZ");
  expect(page.status()).toBe(400);
  expect(await page.text()).not.toContain("at ");
});

test("ids beyond PostgreSQL's integer range are a 404 page, not a 500", async ({ request }) => {
  for (const path of ["/product/2147483648", "/category/99999999999", "/footer-info/2147483648"]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test("OPTIONS is refused with 405 and the methods the shop serves, never answered like a GET", async ({ request }) => {
  const api = await request.fetch("/api/products", { method: "OPTIONS" });
  expect(api.status()).toBe(405);
  expect(api.headers()["allow"]).toBe("GET, HEAD, POST, PUT, DELETE");
  expect(await api.json()).toEqual({ message: "Method not allowed" });
  const page = await request.fetch("/", { method: "OPTIONS" });
  expect(page.status()).toBe(405);
  expect(page.headers()["allow"]).toBe("GET, HEAD, POST");
  expect(await page.text()).toBe("Method not allowed");
});
