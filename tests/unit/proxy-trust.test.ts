import fs from "node:fs";
import http from "node:http";
import { type AddressInfo } from "node:net";
import path from "node:path";

import express from "express";
import { afterAll, describe, expect, it } from "vitest";

import { sanePublicAddress, trustProxySetting } from "../../server/proxy-trust.js";
import { vclRecvRun } from "../support/vcl";

// Issue 40 items 2 and 4: whose X-Forwarded-For and X-Forwarded-Proto the
// shop believes (TRUST_PROXY), what it refuses whoever sends it, and what
// Varnish hands on. A real Express server, set up as server.js sets it up,
// says what a request reached it as; every request here comes from loopback.

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

async function serve(trustProxy: string | undefined): Promise<number> {
  const app = express();
  app.set("trust proxy", trustProxySetting(trustProxy));
  app.use(sanePublicAddress);
  app.all("*", (req, res) => res.json({ ip: req.ip, protocol: req.protocol, hostname: req.hostname }));
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

/** node:http, so the Host header is sent as written. */
function get(port: number, headers: Record<string, string>, pathname = "/"): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: pathname, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const spoofed = { "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https" };

describe("TRUST_PROXY", () => {
  it("with the proxies' addresses, believes the headers only on connections from them", async () => {
    // The proxy is elsewhere: a client on loopback is a client, whatever it writes.
    const elsewhere = await serve("192.0.2.10, 10.0.0.0/8");
    expect(JSON.parse((await get(elsewhere, spoofed)).body)).toMatchObject({ ip: "127.0.0.1", protocol: "http" });
    // The proxy on loopback (Varnish on the same machine): its headers name the client.
    const local = await serve("127.0.0.1/8");
    expect(JSON.parse((await get(local, spoofed)).body)).toMatchObject({ ip: "203.0.113.9", protocol: "https" });
    expect(JSON.parse((await get(await serve("loopback, fd00::/8"), spoofed)).body)).toMatchObject({ ip: "203.0.113.9" });
  });

  it("keeps a hop count, and believes nothing when unset", async () => {
    expect(JSON.parse((await get(await serve("1"), spoofed)).body)).toMatchObject({ ip: "203.0.113.9", protocol: "https" });
    expect(JSON.parse((await get(await serve(undefined), spoofed)).body)).toMatchObject({ ip: "127.0.0.1", protocol: "http" });
  });

  it("refuses a value that names no address, so the server stops with one line", () => {
    expect(trustProxySetting(" 2 ")).toBe(2);
    expect(trustProxySetting("true")).toBe(true);
    expect(trustProxySetting("10.0.0.1,::1, 172.16.0.0/12, 10.0.0.0/255.0.0.0")).toEqual(["10.0.0.1", "::1", "172.16.0.0/12", "10.0.0.0/255.0.0.0"]);
    for (const wrong of ["varnish", "10.0.0.0/33", "10.0.0.1 10.0.0.2", "yes", "::1/129", "10.0.0.0/8/8"]) {
      expect(() => trustProxySetting(wrong), wrong).toThrow(/^Invalid environment:\n {2}TRUST_PROXY: /);
    }
  });
});

describe("the scheme and host a page's links are built from", () => {
  it("refuses an X-Forwarded-Proto that is not http or https, from a trusted proxy too", async () => {
    const port = await serve("1");
    const poison = "http://127.0.0.1:4601/search/SHOP%20CLOSED%20order%20on%20WhatsApp%2001700000000?#";
    expect(await get(port, { "X-Forwarded-Proto": poison })).toEqual({ status: 400, body: "Bad request" });
    expect((await get(port, { "X-Forwarded-Proto": "javascript" })).status).toBe(400);
    expect(await get(port, { "X-Forwarded-Proto": "gopher" }, "/api/products")).toEqual({ status: 400, body: JSON.stringify({ message: "Bad request" }) });
    // A list takes its first value (Express's reading); upper case is still https.
    expect(JSON.parse((await get(port, { "X-Forwarded-Proto": "HTTPS, http" })).body)).toMatchObject({ protocol: "HTTPS" });
  });

  it("refuses a Host that is not a host, and never takes the host from X-Forwarded-Host", async () => {
    const port = await serve("1");
    for (const host of ["localhost:4301/search/x", "evil.example#", "a b", "shop.example@evil.example", "evil..", "[::1]x"]) {
      expect((await get(port, { Host: host })).status, host).toBe(400);
    }
    for (const host of ["localhost:4301", "shop.example.com", "shop.example.com.:443", "[::1]:8080", "10.0.0.5", "shop_app_1:3000"]) {
      expect((await get(port, { Host: host })).status, host).toBe(200);
    }
    expect(JSON.parse((await get(port, { Host: "shop.example.com", "X-Forwarded-Host": "evil.example" })).body)).toMatchObject({
      hostname: "shop.example.com",
    });
  });
});

describe("deploy/varnish/shop.vcl", () => {
  const vcl = fs.readFileSync(path.resolve(import.meta.dirname, "../../deploy/varnish/shop.vcl"), "utf8");
  const client = { "x-forwarded-proto": "http://127.0.0.1:4601/search/x?#", "x-forwarded-host": "evil.example", host: "shop.example.com" };

  it("sets X-Forwarded-Proto itself and drops X-Forwarded-Host, on cached and passed requests alike", () => {
    for (const extra of [{}, { cookie: "__session=abc" }] as Record<string, string>[]) {
      const plain = vclRecvRun(vcl, { method: "GET", url: "/", headers: { ...client, ...extra } });
      expect(plain.headers["x-forwarded-proto"]).toBe("http");
      expect(plain.headers["x-forwarded-host"]).toBeUndefined();
      expect(plain.headers.host).toBe("shop.example.com");
      const tls = vclRecvRun(vcl, { method: "GET", url: "/", headers: { ...client, ...extra }, tls: true });
      expect(tls.headers["x-forwarded-proto"]).toBe("https");
    }
    expect(vclRecvRun(vcl, { method: "POST", url: "/login", headers: client }).headers["x-forwarded-proto"]).toBe("http");
  });

  it("keys its copies by scheme too", () => {
    expect(vcl).toMatch(/sub vcl_hash \{\s*hash_data\(req\.http\.X-Forwarded-Proto\);\s*\}/);
  });
});
