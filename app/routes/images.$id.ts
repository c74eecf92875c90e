import type { LoaderFunctionArgs } from "@remix-run/node";

import { IMAGE_WIDTHS, getImageVariant } from "~/models/catalogue/image.server";

// Stored ids are cuids; anything else cannot exist, so it skips the database.
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function notFound() {
  return new Response("Image not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Serves a stored picture: the largest variant, or `?w=400` for the small one. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!ID_PATTERN.test(id)) return notFound();

  const w = new URL(request.url).searchParams.get("w");
  const width = w && /^\d+$/.test(w) ? Number(w) : IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const variant = await getImageVariant(id, width);
  if (!variant) return notFound();

  // Copied into a plain ArrayBuffer-backed view: Response's typings reject a pooled Buffer.
  const body = new Uint8Array(variant.data);
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": variant.contentType,
      "Content-Length": String(body.byteLength),
      // An image id is never reused and its bytes never change.
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
