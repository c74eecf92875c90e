import http from "node:http";

import { expect, test } from "@playwright/test";

// Bodies the server does not read (a logout, an admin call refused before it
// reads) and bodies over the limit must not break the client's connection
// (issue 13 #4): the answer arrives whole, and the next request on a kept-alive
// connection is served.

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string; reusedSocket: boolean };

function send(agent: http.Agent, url: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {}) {
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? "GET", headers: init.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString(), reusedSocket: req.reusedSocket }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

const big = (bytes: number) => JSON.stringify({ junk: "x".repeat(bytes) });

for (const [method, path] of [
  ["POST", "/api/users/logout"],
  ["PUT", "/api/orders/00000000-0000-4000-8000-000000000000/pay"],
  ["POST", "/api/products"],
  ["POST", "/logout"],
] as const) {
  test(`a 200 kB body the server does not read (${method} ${path}) leaves the kept-alive connection usable`, async ({ baseURL }) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, `${baseURL}${path}`, {
        method,
        headers: { "Content-Type": "application/json", Connection: "keep-alive" },
        body: big(200 * 1024),
      });
      expect(first.status).toBeLessThan(500);
      // Either the server kept the connection (and read the body away), or it said it would close it.
      const kept = first.headers.connection !== "close";
      for (let i = 0; i < 3; i += 1) {
        const next = await send(agent, `${baseURL}/healthcheck`);
        expect(next.status).toBe(200);
        if (kept && i === 0) expect(next.reusedSocket).toBe(true);
      }
    } finally {
      agent.destroy();
    }
  });
}

test("a body over the limit is a 413 that arrives whole, and the client can carry on", async ({ baseURL }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const path of ["/api/users/logout", "/api/products", "/login"]) {
      const over = await send(agent, `${baseURL}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: big(3 * 1024 * 1024),
      });
      expect(over.status).toBe(413);
      expect(JSON.parse(over.body)).toEqual({ message: "Request body is too large" });
      expect((await send(agent, `${baseURL}/healthcheck`)).status).toBe(200);
    }
  } finally {
    agent.destroy();
  }
});

test("a multipart body over 1 MB is a 413 on every public form; only the admin upload routes take more", async ({ baseURL }) => {
  // Issue 27 item 12: the 36 MB multipart limit applied to /login too, and such a body was read into memory.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const boundary = "----junk";
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${"x".repeat(3 * 1024 * 1024)}\r\n--${boundary}--\r\n`;
  const headers = { "Content-Type": `multipart/form-data; boundary=${boundary}`, "X-Forwarded-For": `10.77.${Math.floor(Math.random() * 250)}.9` };
  try {
    for (const path of ["/login", "/register", "/forgot-password", "/shipping", "/bn/login", "/orders/find", "/api/users", "/api/orders"]) {
      const over = await send(agent, `${baseURL}${path}`, { method: "POST", headers, body });
      expect(over.status, path).toBe(413);
      expect((await send(agent, `${baseURL}/healthcheck`)).status).toBe(200);
    }
    // The upload route takes a body this size; a guest is refused for who they are, not for the size.
    const upload = await send(agent, `${baseURL}/api/upload`, { method: "POST", headers, body });
    expect(upload.status).toBe(401);
  } finally {
    agent.destroy();
  }
});
