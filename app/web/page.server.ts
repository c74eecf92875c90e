import { json } from "@remix-run/node";

import type { Lang } from "~/i18n/languages";
import { topRatedCards } from "~/models/catalogue/merchandising.server";
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

/**
 * The 404 page with a few top-rated products to go on with (root.tsx's
 * ErrorBoundary shows them under the search and the categories). If even
 * those cannot be read, the page still answers, without them.
 */
export async function notFoundPageWithSuggestions(lang: Lang = "en"): Promise<never> {
  const suggestions = await topRatedCards(4, lang).catch(() => []);
  throw json({ suggestions }, { status: 404, statusText: "Not Found" });
}

/** Runs a service read, turning its 404 into the 404 page (its products' names in `lang`). */
export async function orNotFoundPage<T>(load: Promise<T>, lang: Lang = "en"): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return notFoundPageWithSuggestions(lang);
    throw error;
  }
}
