// Sends Remix's Response through Express. It replaces @remix-run/express's
// sendRemixResponse for one reason: a body that is already complete (every
// page, which entry.server renders into one buffer, and every JSON answer) is
// compressed in one synchronous call, instead of through a zlib stream that
// costs a thread-pool round trip and a flush per chunk. The bench measured the
// stream at 0.4–1.7 ms of CPU per request and the one-shot call at 30–80 µs
// (bench/results.md, docs/decisions/020-one-shot-compression.md). Real streams
// (the CSV export, the sitemap) still go through the compression middleware,
// chunk by chunk, exactly as before.
import { once } from "node:events";
import zlib from "node:zlib";

import compressible from "compressible";

import { gzipParts } from "./gzip-parts.js";

/** The compression middleware's threshold; server.js gives it these Brotli settings too, so both paths answer alike. */
const THRESHOLD_BYTES = 1024;
export const BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  // Brotli's default 4 MB window is set up (and zeroed) for every response;
  // pages and API bodies are far below 256 KB, so 2^18 compresses them as well.
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
};

/**
 * A page rendered for one visitor is compressed once and sent once, so its
 * compression is paid per request: Brotli at quality 3 takes about half the
 * CPU of quality 4 on our pages (0.15 against 0.33 ms for a 35 KB page) for
 * about 5 % more bytes (6.5 against 6.1 KB). Page-cache entries, compressed
 * once and sent many times, keep BROTLI_PARAMS.
 */
const PER_REQUEST_BROTLI_PARAMS = { ...BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_QUALITY]: 3 };

/**
 * @param {import("express").Response} res
 * @param {Response} response
 */
function copyHead(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
}

/**
 * The encoding to use for a whole body, or null to send it as it is.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {number} bytes
 * @returns {"br" | "gzip" | null}
 */
function encodingFor(req, res, bytes) {
  if (req.method === "HEAD" || bytes < THRESHOLD_BYTES) return null;
  if (res.getHeader("Content-Encoding")) return null;
  if (/\bno-transform\b/i.test(String(res.getHeader("Cache-Control") ?? ""))) return null;
  const chosen = req.acceptsEncodings("br", "gzip", "identity");
  return chosen === "br" || chosen === "gzip" ? chosen : null;
}

/**
 * Sends a complete body, compressed in one call when the client and its type allow (also the page cache's filled pages).
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {Buffer} body
 */
export function sendWhole(req, res, body) {
  const type = String(res.getHeader("Content-Type") ?? "");
  if (!type || !compressible(type)) return sendAsIs(res, body);
  res.vary("Accept-Encoding");
  const encoding = encodingFor(req, res, body.byteLength);
  if (encoding === "br") {
    body = zlib.brotliCompressSync(body, { params: { ...PER_REQUEST_BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } });
  } else if (encoding === "gzip") {
    body = zlib.gzipSync(body);
  }
  if (encoding) res.setHeader("Content-Encoding", encoding);
  sendAsIs(res, body);
}

/**
 * Sends a page made of parts (a cached copy with one shopper's holes filled).
 * Gzip, even where Brotli is accepted: its fixed parts are compressed once
 * and only the holes per request (./gzip-parts.js), where Brotli would
 * compress the whole page again for every shopper.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {import("./gzip-parts.js").Part[]} parts
 */
export function sendParts(req, res, parts) {
  const bytes = parts.reduce((sum, part) => sum + part.bytes.byteLength, 0);
  res.vary("Accept-Encoding");
  if (encodingFor(req, res, bytes) === null || req.acceptsEncodings("gzip", "identity") !== "gzip") {
    return sendAsIs(
      res,
      Buffer.concat(
        parts.map((part) => part.bytes),
        bytes,
      ),
    );
  }
  res.setHeader("Content-Encoding", "gzip");
  sendAsIs(res, gzipParts(parts));
}

/**
 * @param {import("express").Response} res
 * @param {Buffer} body
 */
function sendAsIs(res, body) {
  // A length the compression middleware sees too: it leaves encoded and small bodies alone.
  res.setHeader("Content-Length", body.byteLength);
  res.end(body);
}

/**
 * A real stream, as @remix-run/node writes it: a flush after each chunk, so progress shows.
 * @param {import("express").Response & { flush?: () => void }} res The compression middleware adds flush().
 * @param {ReadableStreamDefaultReader<Uint8Array>} reader
 * @param {Uint8Array[]} pending
 */
async function sendStream(res, reader, pending) {
  try {
    for (;;) {
      for (const chunk of pending) {
        if (!res.write(chunk)) await Promise.race([once(res, "drain"), once(res, "close")]);
        if (typeof res.flush === "function") res.flush();
      }
      if (res.destroyed) return void (await reader.cancel());
      const next = await reader.read();
      if (next.done) return void res.end();
      pending = [next.value];
    }
  } catch (error) {
    res.destroy(error instanceof Error ? error : undefined);
    throw error;
  }
}

/**
 * Writes Remix's answer to Express's response.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {Response} response
 */
export async function sendResponse(req, res, response) {
  copyHead(res, response);
  if (!response.body) return void res.end();
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  const reader = response.body.getReader();
  const first = await reader.read();
  if (first.done) return void res.end();
  const second = await reader.read();
  // A body made from a string or a buffer arrives as one chunk and then ends.
  if (second.done) return sendWhole(req, res, Buffer.from(first.value.buffer, first.value.byteOffset, first.value.byteLength));
  return sendStream(res, reader, [first.value, second.value]);
}
