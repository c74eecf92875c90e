import { randomBytes } from "node:crypto";
import zlib from "node:zlib";

import { describe, expect, test } from "vitest";

import { gzipParts } from "../../server/gzip-parts.js";

// A filled page is sent as one gzip body stitched from parts compressed apart
// (server/gzip-parts.js). Whatever the parts, a gzip reader must get back
// exactly their concatenation, and the trailer must check out (zlib verifies
// the CRC-32 and length, and throws if either is wrong).

const part = (text: string | Buffer, fixed = false) => ({ bytes: typeof text === "string" ? Buffer.from(text, "utf8") : text, fixed });
const whole = (parts: { bytes: Buffer }[]) => Buffer.concat(parts.map((p) => p.bytes));

describe("gzipParts", () => {
  test("decodes to the parts in order: HTML, Bangla, empty parts, a hole between fixed parts", () => {
    const head = part('<!DOCTYPE html><html lang="bn"><head><title>শাড়ি · দোকান</title></head><body>', true);
    const tail = part("</body></html>", true);
    const parts = [
      head,
      part(""),
      part("<nav>Nusrat (২)</nav>"),
      part("null"),
      part("", true),
      part("<nav>" + "Ayesha Siddiqua, 2 in the cart. ".repeat(40) + "</nav>"),
      tail,
    ];
    expect(zlib.gunzipSync(gzipParts(parts))).toEqual(whole(parts));
  });

  test("a fixed part compressed once serves every request: two shoppers, two different holes", () => {
    const fixed = part("<main>" + "Jamdani saree, hand-woven in Tangail. ".repeat(400) + "</main>", true);
    const first = [fixed, part("<b>Ayesha</b>"), fixed];
    const second = [fixed, part("<b>Rahim, 3 in the cart</b>"), fixed];
    expect(zlib.gunzipSync(gzipParts(first)).toString()).toBe(whole(first).toString());
    expect(zlib.gunzipSync(gzipParts(second)).toString()).toBe(whole(second).toString());
  });

  test("parts larger than the deflate window and incompressible bytes decode too, through a streaming reader", async () => {
    const parts = [part(randomBytes(100_000), true), part("x".repeat(70_000)), part(randomBytes(3), true)];
    const gunzip = zlib.createGunzip();
    const chunks: Buffer[] = [];
    gunzip.on("data", (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve, reject) => gunzip.on("end", resolve).on("error", reject));
    gunzip.end(gzipParts(parts));
    await done;
    expect(Buffer.concat(chunks)).toEqual(whole(parts));
  });

  test("is smaller than the page: the parts are really compressed", () => {
    const parts = [part("<p>" + "সুতির পাঞ্জাবি ".repeat(500) + "</p>", true), part("<span>1</span>")];
    expect(gzipParts(parts).byteLength).toBeLessThan(whole(parts).byteLength / 5);
  });
});
