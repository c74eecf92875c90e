// Browser side of image uploads (JavaScript on): POST /api/upload, the same
// service the editor's form posts to without JavaScript.

const MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

/** Uploads one picture and returns its served URL; throws an Error with the server's message. */
export async function uploadImage(file: File): Promise<string> {
  // Saves sending megabytes the server would refuse anyway (it checks again).
  if (file.size > MAX_BYTES) throw new Error("Image must be at most 5 MB");
  const body = new FormData();
  body.append("image", file);
  let response: Response;
  try {
    response = await fetch("/api/upload", { method: "POST", body, credentials: "same-origin" });
  } catch {
    throw new Error("Upload failed: check your connection and try again");
  }
  const data = (await response.json().catch(() => null)) as { message?: string; image?: string } | null;
  if (!response.ok || !data?.image) throw new Error(data?.message ?? "Upload failed");
  return data.image;
}
