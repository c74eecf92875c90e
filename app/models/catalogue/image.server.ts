import { requirePermission, type Actor } from "~/models/platform/index.server";
import sharp from "sharp";

import { IMAGE_WIDTHS } from "../../utils/image-url";
import { prisma, type Db } from "~/models/platform/index.server";
import { diskFullCause } from "~/models/platform/index.server";
import { ServiceError } from "~/models/platform/index.server";

export { IMAGE_WIDTHS };

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Decoded-size cap: a small file can still expand into gigabytes of pixels. */
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 80;
const NOT_AN_IMAGE = "Only JPEG, PNG, WebP or GIF images are allowed";
/** Said on the upload form and by POST /api/upload when the disk under the image store is full. */
export const IMAGE_STORE_FULL = "The image store is full: the image was not saved. Free space on the database's disk, then upload it again";

/** A rejected upload; a ServiceError so the API answers it with its status and message. */
export class ImageError extends ServiceError {
  constructor(
    public override status: 413 | 415 | 507,
    message: string,
  ) {
    super(status, message);
    this.name = "ImageError";
  }
}

export type ImageKind = "jpeg" | "png" | "webp" | "gif";

/**
 * The image type from the file's first bytes. The name and the browser's
 * Content-Type are caller-controlled, so only the content is trusted; this
 * also keeps SVG (scriptable) and formats we do not serve out.
 */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  const starts = (sig: number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
  const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts(ascii("GIF87a")) || starts(ascii("GIF89a"))) return "gif";
  if (starts(ascii("RIFF")) && starts(ascii("WEBP"), 8)) return "webp";
  return null;
}

async function renderVariants(input: Buffer) {
  // Only the first frame of an animated GIF/WebP: product pictures are stills.
  const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).autoOrient();
  try {
    // One decode shared by every width (clone re-uses the parsed input).
    return await Promise.all(
      IMAGE_WIDTHS.map(async (width) => ({
        width,
        contentType: "image/webp",
        data: await base.clone().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer(),
      })),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new ImageError(413, "Image dimensions are too large");
    // Right magic bytes but undecodable content is still "not an image" to the caller.
    throw new ImageError(415, NOT_AN_IMAGE);
  }
}

/** An admin's upload (the API, the product editor, a colour's pictures): the permission map's rule, then `storeImage` (seeding calls that directly). */
export async function uploadImage(actor: Actor, input: Buffer): Promise<{ id: string; url: string }> {
  requirePermission(actor, "create:image:any");
  return storeImage(input);
}

/**
 * Validates an uploaded picture, stores WebP variants for IMAGE_WIDTHS and
 * returns its public URL. Throws ImageError (413 too big, 415 not an image,
 * 507 the disk under the image store is full).
 */
export async function storeImage(input: Buffer, db: Db = prisma): Promise<{ id: string; url: string }> {
  if (input.length > MAX_IMAGE_BYTES) throw new ImageError(413, "Image must be at most 5 MB");
  if (!detectImageKind(input)) throw new ImageError(415, NOT_AN_IMAGE);
  const variants = await renderVariants(input);
  // A nested create is one transaction: an image never exists with only some variants.
  const image = await db.image.create({ data: { variants: { create: variants } }, select: { id: true } }).catch((error: unknown) => {
    // Images live in PostgreSQL (decision 006): a full disk refuses the write, and only the write.
    const cause = diskFullCause(error);
    if (!cause) throw error;
    console.error(`image store: the disk is full, an upload of ${input.length} bytes was refused (${cause})`);
    throw new ImageError(507, IMAGE_STORE_FULL);
  });
  return { id: image.id, url: `/images/${image.id}` };
}

type Variant = { data: Buffer; contentType: string };

// Every product card loads a picture, and a stored image never changes (a new
// upload gets a new id), so recently served variants are kept in memory, up to
// a fixed number of bytes, least recently used first out.
const CACHE_BYTES = 32 * 1024 * 1024;
const cache = new Map<string, Variant>();
let cachedBytes = 0;

function remember(key: string, variant: Variant) {
  if (variant.data.byteLength > CACHE_BYTES / 8) return;
  cache.set(key, variant);
  cachedBytes += variant.data.byteLength;
  for (const [oldKey, old] of cache) {
    if (cachedBytes <= CACHE_BYTES) break;
    cache.delete(oldKey);
    cachedBytes -= old.data.byteLength;
  }
}

/**
 * The stored variant for `width`: that width if stored, else the next larger,
 * else the largest. Null when the image does not exist.
 */
export async function getImageVariant(id: string, width: number): Promise<Variant | null> {
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  // Clamped so junk from a query string (NaN, 1e12) never reaches the Int column.
  const wanted = Number.isFinite(width) ? Math.min(Math.max(Math.trunc(width), 0), largest) : largest;
  // Keyed by the stored width that answers, so `?w=` junk cannot crowd the cache with copies.
  const key = `${id}:${IMAGE_WIDTHS.find((w) => w >= wanted) ?? largest}`;
  const hit = cache.get(key);
  if (hit) {
    // Re-inserted so that it counts as recently used.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const found = await loadVariant(id, wanted);
  if (found) remember(key, found);
  return found;
}

async function loadVariant(id: string, wanted: number): Promise<Variant | null> {
  const select = { data: true, contentType: true } as const;
  const variant =
    (await prisma.imageVariant.findFirst({
      where: { imageId: id, width: { gte: wanted } },
      orderBy: { width: "asc" },
      select,
    })) ??
    (await prisma.imageVariant.findFirst({
      where: { imageId: id },
      orderBy: { width: "desc" },
      select,
    }));
  if (!variant) return null;
  const { data } = variant;
  return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), contentType: variant.contentType };
}
