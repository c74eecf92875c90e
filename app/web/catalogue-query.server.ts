import { listOptionsInput, listOptionsSchema, type ListOptions } from "~/schemas/catalogue";

import { fieldErrors, jsonError } from "./http.server";

/** GET /api/products' sort and filters; a bad value is a 400 `{ message, errors }` naming the field. */
export function parseApiListOptions(params: URLSearchParams): ListOptions {
  const result = listOptionsSchema.safeParse(listOptionsInput(params));
  if (!result.success) {
    const first = result.error.issues[0];
    throw jsonError(400, first?.message ?? "Invalid query", fieldErrors(result.error));
  }
  return result.data;
}
