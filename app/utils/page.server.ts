import { ServiceError } from "~/models/platform/errors.server";
import { MAX_ID } from "~/schemas/numberish";

// Page loaders answer "not found" with a 404 page (the route's ErrorBoundary),
// where the /api routes answer JSON; both read the same services.

export function notFoundPage(): never {
  throw new Response("Not found", { status: 404, statusText: "Not Found" });
}

/** A positive integer route param; anything else cannot exist, so it is a 404 page. */
export function pageParamId(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1 || id > MAX_ID) notFoundPage();
  return id;
}

/** Runs a service read, turning its 404 into the 404 page. */
export async function orNotFoundPage<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) notFoundPage();
    throw error;
  }
}
