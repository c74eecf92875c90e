import { isRouteErrorResponse } from "@remix-run/react";

/**
 * The <title> of a page that failed: "… not found" only for a 404, so that a
 * database outage (503) or a crash is not announced as a missing product.
 */
export function errorTitle(error: unknown, t: Translate, notFound?: string) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? (notFound ?? t("common.errors.notFound")) : status === 503 ? t("common.errors.unavailable") : t("common.errors.error");
  return t("common.pageTitle", { title });
}

/** The shop's t (app/i18n/translate.ts). */
type Translate = (key: string, options?: Record<string, unknown>) => string;
