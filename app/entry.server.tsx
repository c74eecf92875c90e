import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";

import { SmallFacesContext } from "~/components/layout/SmallFaces";
import { StructuredDataContext } from "~/components/layout/StructuredData";
import { linkDomains } from "~/domain-links.server";
import { i18nFor, langOf } from "~/i18n/i18n.server";
import { I18nProvider } from "~/i18n/instance";
import { OUTAGE_RETRY_AFTER } from "~/models/platform/db-errors.server";
import { NonceProvider } from "~/web/nonce";
import { scriptsAfterLoad } from "~/web/scripts-after-load.server";
import { smallFaces } from "~/web/small-faces.server";
import { structuredDataJson } from "~/web/structured-data.server";

// server.js wraps the build with it (database outages → 503, page actions take forms only).
export { withResilientRoutes } from "~/web/route-guards.server";
// server.js subscribes its page cache (and a Varnish ban) to what writes announce.
export { onCatalogueChange } from "~/models/platform/cache-events.server";
// server/page-cache.js fills a cached page's holes for shoppers with a cart or a sign-in.
export { compileTemplate, fillTemplate } from "~/page-holes/fill.server";
export { isAnonymous, readShopper } from "~/page-holes/shopper.server";
export { forgetShoppers, setShopperCacheLive } from "~/models/accounts/shopper-cache.server";
// server.js and scripts/worker.mjs run the job queue's worker (every domain's registered tasks).
export { migrateJobQueue, startWorker } from "~/jobs.server";

// Every process that loads the server build serves with the domains linked (a buyer's courier record).
linkDomains();

/**
 * Renders the whole document to one string. No route defers data (no
 * Suspense boundary waits for anything), so a streaming render would produce
 * the same bytes with more work: renderToString is React's cheapest server
 * render (bench/results.md), and the body is sent, and compressed, in one piece.
 * A render error throws, and Remix renders the error boundary instead, as it
 * does for a stream's shell error.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The Express server makes a fresh nonce per request and puts it in the CSP header.
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  const lang = langOf(request);
  const html = renderToString(
    <I18nProvider value={i18nFor(lang)}>
      <NonceProvider value={nonce}>
        <StructuredDataContext.Provider value={structuredDataJson(loadContext)}>
          <SmallFacesContext.Provider value={smallFaces(lang)}>
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </SmallFacesContext.Provider>
        </StructuredDataContext.Provider>
      </NonceProvider>
    </I18nProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A page's 503 (the database away) is rendered by its error boundary, and the thrown answer's own
  // headers are not the document's: say when to come back here, as the API's 503 does.
  if (responseStatusCode === 503 && !responseHeaders.has("Retry-After")) responseHeaders.set("Retry-After", OUTAGE_RETRY_AFTER);
  // The page's JavaScript starts once the page has loaded (decision 059).
  return new Response(`<!DOCTYPE html>${scriptsAfterLoad(html)}`, { headers: responseHeaders, status: responseStatusCode });
}
