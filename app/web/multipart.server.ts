import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";

import { ImageError, MAX_IMAGE_BYTES } from "~/models/catalogue/image.server";
import { ServiceError } from "~/models/platform/errors.server";

/** Room for the multipart framing and the small text fields next to the files. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
const TOO_LARGE = "Image must be at most 5 MB";

export function isMultipart(request: Request) {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/**
 * Parses a multipart form holding up to `maxFiles` pictures in the named file
 * fields. Parts are buffered in memory, each capped at 5 MB while streaming, so
 * a huge body is refused (413) before it is read in full. Files in other fields
 * and files beyond `maxFiles` are skipped unread (`droppedFiles` counts the
 * latter). Throws ServiceError 400/413.
 */
export async function readImageForm(
  request: Request,
  { fileFields, maxFiles }: { fileFields: string[]; maxFiles: number },
): Promise<{ formData: FormData; droppedFiles: number }> {
  if (!isMultipart(request)) throw new ServiceError(400, "Expected a multipart form with an image");
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES * maxFiles + FORM_OVERHEAD_BYTES) {
    throw new ImageError(413, TOO_LARGE);
  }
  let files = 0;
  let droppedFiles = 0;
  const handler = unstable_createMemoryUploadHandler({
    maxPartSize: MAX_IMAGE_BYTES,
    filter: ({ name, filename }) => {
      if (filename === undefined) return true; // a text field
      // A file input left empty still sends a part with an empty name.
      if (!fileFields.includes(name) || filename === "") return false;
      files += 1;
      if (files <= maxFiles) return true;
      droppedFiles += 1;
      return false;
    },
  });
  try {
    return { formData: await unstable_parseMultipartFormData(request, handler), droppedFiles };
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    if (error instanceof MaxPartSizeExceededError) throw new ImageError(413, TOO_LARGE);
    // Truncated or malformed framing: the client's fault, not ours.
    throw new ServiceError(400, "Could not read the uploaded form");
  }
}

/** The non-empty files posted under `name` (a browser sends an empty part when nothing was chosen). */
export function filesOf(formData: FormData, name: string): File[] {
  return formData.getAll(name).filter((v): v is File => typeof v !== "string" && v.size > 0);
}

export async function fileBuffer(file: File): Promise<Buffer> {
  return Buffer.from(await file.arrayBuffer());
}
