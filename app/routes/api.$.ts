import { jsonError } from "~/web/http.server";

// Unknown /api paths answer JSON like the rest of the API, not the HTML 404 page.
export const loader = () => jsonError(404, "Not found");
export const action = () => jsonError(404, "Not found");
