import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { isCacheableRequest, isPersonalRequest, SESSION_COOKIE } from "../../server/page-cache.js";
import { READ_YOUR_WRITES_COOKIE } from "../../server/read-routing.js";

// Issue 30 item 2, the part that can drift today: which requests Varnish
// (deploy/varnish/shop.vcl) passes straight to the shop must be exactly those
// the shop's own page cache does not share. The VCL keeps no list of pages of
// its own: it stores what the shop marks public (s-maxage) and passes a
// request carrying one of the cookies named in vcl_recv. Those names are
// checked here against the constants server/page-cache.js decides with.

const vcl = fs.readFileSync(path.resolve(import.meta.dirname, "../../deploy/varnish/shop.vcl"), "utf8");

describe("deploy/varnish/shop.vcl and server/page-cache.js", () => {
  it("pass the same cookies: the session (holes, decision 069) and the mark of a recent write", () => {
    const pass = /req\.http\.Cookie ~ "\(\^\|;\\s\*\)\(([^)]*)\)="\)\s*\{\s*return \(pass\);/.exec(vcl);
    expect(pass, "vcl_recv passes requests by cookie name").not.toBeNull();
    expect(pass![1]!.split("|").sort()).toEqual([READ_YOUR_WRITES_COOKIE, SESSION_COOKIE].sort());
    const page = "/product/7";
    expect(isCacheableRequest("GET", page, {})).toBe(true);
    expect(isCacheableRequest("GET", page, { cookie: `${SESSION_COOKIE}=x` })).toBe(false);
    expect(isCacheableRequest("GET", page, { cookie: `${READ_YOUR_WRITES_COOKIE}=1` })).toBe(false);
    expect(isPersonalRequest("GET", page, "", { cookie: `${SESSION_COOKIE}=x` })).toBe(true);
  });

  it("keeps no URL list of its own: what is shared is what the shop marks public", () => {
    const urls = [...vcl.matchAll(/(?<!be)req\.url\s*(==|~)\s*"([^"]*)"/g)].map((m) => m[2]);
    // The front door's language redirect (decision 044) is the only URL it decides on (the outage page picks JSON for /api/).
    expect(urls).toEqual(["/"]);
    expect(vcl).toMatch(/beresp\.http\.Cache-Control ~ "private\|no-store"/);
  });
});
