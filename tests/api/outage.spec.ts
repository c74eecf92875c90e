import { spawn } from "node:child_process";
import net from "node:net";

import { expect, test } from "@playwright/test";

// With the database gone, requests fail fast with a clear 503: JSON under
// /api, an error page elsewhere whose title says so — not "Product not found"
// (issue 13 #2, #7). Crashes and freezes of a live database: the chaos suite.

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test("without a database, /healthcheck, pages and the API answer 503 saying the shop is temporarily unavailable", async ({ request }) => {
  // A cold start of the production server takes 15 s and more on a loaded 2-core machine.
  test.setTimeout(60_000);
  const [deadDb, port] = await Promise.all([freePort(), freePort()]);
  const server = spawn("node", ["server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: "production",
      SESSION_SECRET: "outage-session-secret-0123456789abcdef",
      DATABASE_URL: `postgresql://nobody:nothing@127.0.0.1:${deadDb}/none`,
    },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await expect.poll(async () => (await request.get(`${base}/healthcheck`).catch(() => null))?.status(), { timeout: 40_000 }).toBe(503);
    // Nothing to read the catalogue from either: the balancer's probe takes it out too.
    const reads = await request.get(`${base}/healthcheck/reads`);
    expect(reads.status()).toBe(503);
    expect(reads.headers()["retry-after"]).toBe("5");

    const api = await request.get(`${base}/api/products/1`);
    expect(api.status()).toBe(503);
    expect(await api.json()).toEqual({ message: "The shop is temporarily unavailable, please try again in a moment" });
    expect(api.headers()["retry-after"]).toBe("5");

    for (const path of ["/product/1", "/order/00000000-0000-4000-8000-000000000000", "/"]) {
      const page = await request.get(`${base}${path}`);
      expect(page.status(), path).toBe(503);
      expect(page.headers()["retry-after"], path).toBe("5");
      const html = await page.text();
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], path).toBe("Temporarily unavailable — TanaBana");
      expect(html).toContain("The shop is temporarily unavailable, please try again in a moment");
    }
  } finally {
    server.kill();
  }
});
