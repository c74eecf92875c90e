import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";

import { createUser, sessionCookieFor } from "../support/auth";

// POST /api/upload: pictures are recognised by their bytes (not name or
// Content-Type), capped at 5 MB, stored as WebP variants and served with a
// year-long immutable cache header.

let admin: string;

test.beforeAll(async () => {
  admin = await sessionCookieFor(await createUser({ isAdmin: true }));
});

function picture(format: "jpeg" | "png", width = 640, height = 480) {
  const blank = sharp({ create: { width, height, channels: 3, background: { r: 154, g: 52, b: 18 } } });
  return (format === "jpeg" ? blank.jpeg() : blank.png()).toBuffer();
}

function upload(request: APIRequestContext, file: { name: string; mimeType: string; buffer: Buffer }, field = "image") {
  return request.post("/api/upload", { headers: { Cookie: admin }, multipart: { [field]: file } });
}

test("a JPEG is stored and served as immutable WebP in two widths", async ({ request }) => {
  const res = await upload(request, { name: "shirt.jpg", mimeType: "image/jpeg", buffer: await picture("jpeg", 1600, 1200) });
  expect(res.status()).toBe(201);
  const body = await res.json();
  expect(body).toEqual({ message: expect.any(String), image: expect.stringMatching(/^\/images\/[\w-]+$/), imageUrl: body.image });

  const large = await request.get(body.image);
  expect(large.status()).toBe(200);
  expect(large.headers()["content-type"]).toBe("image/webp");
  expect(large.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await sharp(await large.body()).metadata()).width).toBe(1200);

  const small = await request.get(`${body.image}?w=400`);
  expect(small.headers()["content-type"]).toBe("image/webp");
  const meta = await sharp(await small.body()).metadata();
  expect(meta).toMatchObject({ format: "webp", width: 400, height: 300 });
});

test("a PNG is accepted by its content even with a misleading name and type", async ({ request }) => {
  const res = await upload(request, { name: "photo.txt", mimeType: "application/octet-stream", buffer: await picture("png") });
  expect(res.status()).toBe(201);
  const { imageUrl } = await res.json();
  expect((await request.get(imageUrl)).headers()["content-type"]).toBe("image/webp");
});

test("a text file renamed .png is refused with 415", async ({ request }) => {
  const res = await upload(request, { name: "evil.png", mimeType: "image/png", buffer: Buffer.from("<svg onload=alert(1)>not a picture</svg>") });
  expect(res.status()).toBe(415);
  expect((await res.json()).message).toMatch(/JPEG, PNG, WebP or GIF/);
});

test("a file over 5 MB is refused with 413, not 500", async ({ request }) => {
  // PNG magic bytes then noise: only the size can be the reason.
  const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5 * 1024 * 1024, 7)]);
  const res = await upload(request, { name: "huge.png", mimeType: "image/png", buffer: big });
  expect(res.status()).toBe(413);
  expect((await res.json()).message).toBe("Image must be at most 5 MB");
});

test("a post without the image field or without multipart is a 400", async ({ request }) => {
  const wrongField = await upload(request, { name: "a.png", mimeType: "image/png", buffer: await picture("png") }, "picture");
  expect(wrongField.status()).toBe(400);
  const notMultipart = await request.post("/api/upload", { headers: { Cookie: admin }, data: { image: "x" } });
  expect(notMultipart.status()).toBe(400);
  expect((await notMultipart.json()).message).toEqual(expect.any(String));
});
