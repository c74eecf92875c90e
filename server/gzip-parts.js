// A filled page (decision 069) is the cached copy's fixed parts with a few
// small holes between them. Compressing the whole page again for every
// shopper was a fifth of the CPU such a page costs (bench/profile-filled.mjs).
// Deflate lets a stream be built from pieces compressed apart: each piece
// ends on a sync flush (a byte boundary, no "last block" bit), and the stream
// ends with an empty last block. So the fixed parts are compressed once, the
// holes per request, and the gzip wrapper needs only the CRC-32 and length of
// the whole, which zlib.crc32 computes far faster than it compresses.
import zlib from "node:zlib";

/** Raw deflate of one piece, left open for the next (RFC 1951 §3.2.3: not the last block). */
const OPEN = { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 6 };
/**
 * A hole is at most a few kilobytes, compressed for one request: level 1 with
 * a small window compresses it almost as well at a third of the cost.
 */
const OPEN_HOLE = { ...OPEN, level: 1, windowBits: 12, memLevel: 4 };
/** Below this, a hole (a count, `null`, a name) is sent stored: compressing it would cost more than it saves. */
const STORED_BELOW = 128;

/**
 * A stored block (RFC 1951 §3.2.4), not the last one: the header's three bits
 * and the padding to a byte boundary are one zero byte, as after a sync flush.
 * @param {Buffer} bytes at most 65535 of them
 */
function storedBlock(bytes) {
  const head = Buffer.alloc(5);
  head.writeUInt16LE(bytes.byteLength, 1);
  head.writeUInt16LE(~bytes.byteLength & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}
/** An empty fixed-Huffman block with the last-block bit set: the end of the deflate stream. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);
/** ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

/** @type {WeakMap<Buffer, Buffer>} The deflated form of each fixed part, made on first use. */
const deflated = new WeakMap();

/**
 * @typedef {{ bytes: Buffer, fixed: boolean }} Part
 * A piece of a page; `fixed` parts are the same Buffer on every request (a
 * template's), so their deflated form is kept with them.
 */

/** @param {Part} part */
function deflatePart(part) {
  if (part.bytes.byteLength === 0) return part.bytes;
  if (!part.fixed) {
    if (part.bytes.byteLength < STORED_BELOW) return storedBlock(part.bytes);
    return zlib.deflateRawSync(part.bytes, part.bytes.byteLength <= 16384 ? OPEN_HOLE : OPEN);
  }
  let raw = deflated.get(part.bytes);
  if (!raw) deflated.set(part.bytes, (raw = zlib.deflateRawSync(part.bytes, OPEN)));
  return raw;
}

/**
 * The parts, in order, as one gzip body that decodes to their concatenation.
 * @param {Part[]} parts
 * @returns {Buffer}
 */
export function gzipParts(parts) {
  let crc = 0;
  let length = 0;
  /** @type {Buffer[]} */
  const out = [GZIP_HEADER];
  for (const part of parts) {
    crc = zlib.crc32(part.bytes, crc);
    length += part.bytes.byteLength;
    out.push(deflatePart(part));
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  out.push(LAST_BLOCK, trailer);
  return Buffer.concat(out);
}
