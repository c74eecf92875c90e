import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { getImageVariant, IMAGE_STORE_FULL, storeImage } from "./image.server";

// Issue 31 #4: the disk under the image store fills up. Images live in
// PostgreSQL (decision 006), so the store's table is moved onto a real 1 MB
// file system (tmpfs, as a tablespace) and filled. The upload must be refused
// with "the image store is full" and the cause in the log; reads go on.
// Mounting needs root (CI runs as root); elsewhere the case is skipped.

const mountDir = fs.mkdtempSync(path.join(os.tmpdir(), "image-store-full-"));
const tablespace = `full_${crypto.randomBytes(4).toString("hex")}`;
const mounted = process.getuid?.() === 0 && spawnSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountDir]).status === 0;

beforeAll(async () => {
  if (!mounted) return;
  // The tablespace's directory must belong to the user PostgreSQL runs as (the owner of its data directory).
  const [{ data_directory: dataDir }] = await prisma.$queryRawUnsafe<{ data_directory: string }[]>("SHOW data_directory");
  const { uid, gid } = fs.statSync(dataDir);
  fs.chownSync(mountDir, uid, gid);
  await prisma.$executeRawUnsafe(`CREATE TABLESPACE ${tablespace} LOCATION '${mountDir}'`);
  await prisma.$executeRawUnsafe(`ALTER TABLE "ImageVariant" SET TABLESPACE ${tablespace}`);
});

afterAll(async () => {
  if (!mounted) return;
  await prisma.$executeRawUnsafe(`ALTER TABLE "ImageVariant" SET TABLESPACE pg_default`).catch(() => {});
  await prisma.$executeRawUnsafe(`DROP TABLESPACE IF EXISTS ${tablespace}`).catch(() => {});
  spawnSync("umount", [mountDir]);
  fs.rmSync(mountDir, { recursive: true, force: true });
});

/** A picture that compresses badly, so a few fill the store. */
const noise = () =>
  sharp(crypto.randomBytes(480 * 480 * 3), { raw: { width: 480, height: 480, channels: 3 } })
    .png()
    .toBuffer();

describe.skipIf(!mounted)("a full disk under the image store", () => {
  it("refuses the upload with 'the image store is full', logs the cause, and the rest keeps serving", { timeout: 60_000 }, async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const stored: string[] = [];
    let refusal: unknown;
    for (let i = 0; i < 40 && !refusal; i += 1) {
      try {
        stored.push((await storeImage(await noise())).id);
      } catch (error) {
        refusal = error;
      }
    }
    const logged = errors.mock.calls.map((c) => String(c[0])).find((line) => line.startsWith("image store:"));
    errors.mockRestore();
    expect(stored.length, "some images fit before the disk filled").toBeGreaterThan(0);
    expect(refusal).toMatchObject({ status: 507, message: IMAGE_STORE_FULL });
    expect(logged).toMatch(/the disk is full, an upload of \d+ bytes was refused \(.*(No space left on device|could not extend file)/);

    // Reads go on: the catalogue and an image stored before the disk filled.
    await expect(prisma.product.count()).resolves.toBeGreaterThanOrEqual(0);
    const variant = await getImageVariant(stored[0]!, 400);
    expect(variant?.contentType).toBe("image/webp");
  });
});
