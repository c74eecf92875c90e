import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "../../server/cache-entry.js";
import { isCacheableRequest, isPersonalRequest, SESSION_COOKIE } from "../../server/page-cache.js";
import { SHARED_JSON, SHARED_PAGES, STOREFRONT_PAGES } from "../../server/public-pages.js";
import { READ_YOUR_WRITES_COOKIE } from "../../server/read-routing.js";
import { vclRecv } from "../support/vcl";

// Issue 30 item 2: which pages are public and cacheable is written once, in
// server/public-pages.js. Varnish (deploy/varnish/shop.vcl) cannot import it
// and keeps no page list of its own: it stores what the shop marks public
// (s-maxage) and passes requests the shop answers for one visitor. These tests
// run the VCL's vcl_recv (tests/support/vcl.ts) over every page the module
// lists, so a VCL that passed a shared page, or cached a personal request,
// fails here.

const vcl = fs.readFileSync(path.resolve(import.meta.dirname, "../../deploy/varnish/shop.vcl"), "utf8");

/** A URL for a pattern: each parameter is "7", which every parameter accepts. */
const example = (pattern: string) => pattern.replace(/:\w+(\([^)]*\))?/g, "7");
const get = (url: string, headers: Record<string, string> = {}) => vclRecv(vcl, { method: "GET", url, headers });

const sharedUrls = [...SHARED_PAGES, ...SHARED_JSON].map(example);
const personalCookies = [`${SESSION_COOKIE}=abc`, `${READ_YOUR_WRITES_COOKIE}=1`];

describe("deploy/varnish/shop.vcl and server/public-pages.js", () => {
  it("lists the shared pages in both languages, with the lists' page n", () => {
    // The module's own reading, so that the checks below cover what a shopper visits.
    for (const url of [
      "/",
      "/bn",
      "/page/7",
      "/bn/search/7/page/7",
      "/category/7/page/7",
      "/bn/product/7",
      "/footer-info/7",
      "/sitemap.xml",
      "/api/products/7",
    ]) {
      expect(sharedUrls, url).toContain(url);
    }
    for (const url of ["/cart", "/bn/profile", "/login", "/admin", "/api/products/7/reviews"]) expect(isCacheableRequest("GET", url, {}), url).toBe(false);
  });

  it("caches every shared page and the catalogue JSON for an anonymous visitor, whatever other cookies it sends", () => {
    for (const url of sharedUrls) {
      expect(isCacheableRequest("GET", url, {}), url).toBe(true);
      expect(get(url), url).toBe("hash");
      expect(get(`${url}?sort=price`, { cookie: "_ga=GA1.1.1" }), url).toBe("hash");
      expect(vclRecv(vcl, { method: "HEAD", url, headers: {} }), url).toBe("hash");
    }
  });

  it("passes to the shop what it answers for one visitor: the session, a recent write, an API token", () => {
    for (const url of sharedUrls) {
      for (const cookie of personalCookies) {
        expect(isCacheableRequest("GET", url, { cookie }), `${url} ${cookie}`).toBe(false);
        expect(get(url, { cookie: `_ga=1; ${cookie}` }), `${url} ${cookie}`).toBe("pass");
      }
      expect(isCacheableRequest("GET", url, { authorization: "Bearer x" }), url).toBe(false);
      expect(get(url, { authorization: "Bearer x" }), url).toBe("pass");
    }
    // A session on a shared page is the shop's own cached copy with holes filled (decision 069), never Varnish's.
    for (const url of SHARED_PAGES.map(example)) expect(isPersonalRequest("GET", url, "", { cookie: personalCookies[0]! }), url).toBe(true);
    for (const page of STOREFRONT_PAGES.filter((p) => !p.shared)) {
      const url = example(`/${page.path}`).replace("*", "anything");
      expect(get(url, { cookie: personalCookies[0]! }), url).toBe("pass");
    }
    for (const method of ["POST", "PUT", "DELETE"]) expect(vclRecv(vcl, { method, url: "/product/7", headers: {} }), method).toBe("pass");
  });

  it("stores only what the shop marks public", () => {
    // The rest of the storefront is answered `private, no-store` (server.js), which vcl_backend_response refuses to keep.
    const uncacheable = /beresp\.http\.Cache-Control ~ "([^"]*)"\)\s*\{\s*set beresp\.uncacheable = true;/.exec(vcl);
    expect(uncacheable, "vcl_backend_response refuses private answers").not.toBeNull();
    expect(new RegExp(uncacheable![1]!).test(PRIVATE_CACHE_CONTROL)).toBe(true);
    expect(new RegExp(uncacheable![1]!).test(PUBLIC_CACHE_CONTROL)).toBe(false);
    expect(PUBLIC_CACHE_CONTROL).toMatch(/\bs-maxage=\d+/);
  });

  it("keeps no URL list of its own", () => {
    const urls = [...vcl.matchAll(/(?<!be)req\.url\s*(==|~)\s*"([^"]*)"/g)].map((m) => m[2]);
    // The front door's language redirect (decision 044) is the only URL it decides on (the outage page picks JSON for /api/).
    expect(urls).toEqual(["/"]);
    expect(get("/", { cookie: "lang=bn" })).toBe("pass");
    expect(get("/bn", { cookie: "lang=bn" })).toBe("hash");
  });
});
