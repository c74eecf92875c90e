import { isRouteErrorResponse } from "@remix-run/react";

/**
 * The <title> of a page that failed: "… not found" only for a 404, so that a
 * database outage (503) or a crash is not announced as a missing product.
 */
export function errorTitle(error: unknown, notFound = "Not found") {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return `${notFound} — TanaBana`;
  if (status === 503) return "Temporarily unavailable — TanaBana";
  return "Error — TanaBana";
}
