import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { ServiceError } from "~/models/platform/errors.server";
import { uploadImage } from "~/models/catalogue/image.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";
import { fileBuffer, filesOf, readImageForm } from "~/web/multipart.server";

/**
 * POST /api/upload (admin), multipart field `image` → 201 `{ message, image, imageUrl }`.
 * The type is checked by content (415) and the size while streaming (413).
 */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    // Before reading the body: a guest's upload is never buffered.
    const actor = await apiDoor(request, "/api/upload");
    const { formData } = await readImageForm(request, { fileFields: ["image"], maxFiles: 1 });
    const [file] = filesOf(formData, "image");
    if (!file) throw new ServiceError(400, "Please choose an image to upload", { image: ["Required"] });
    const { url } = await uploadImage(actor, await fileBuffer(file));
    return json({ message: "Image uploaded", image: url, imageUrl: url }, { status: 201 });
  });
}

export function loader() {
  return methodNotAllowed();
}
