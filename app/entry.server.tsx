import { Writable } from "node:stream";

import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";

import { NonceProvider } from "~/utils/nonce";

// server.js wraps the build with it (database outages → 503, page actions take forms only).
export { withResilientRoutes } from "~/utils/route-guards.server";

const ABORT_DELAY = 5_000;

/**
 * Renders the whole document, then sends it as one body. No route defers
 * data (no Suspense), so streaming would send the same bytes in dozens of
 * small chunks, each one a separate compression call and socket write;
 * buffered, a page costs one of each (see bench/results.md).
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
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let abortRender = () => {};
    const timer = setTimeout(() => abortRender(), ABORT_DELAY);
    let shellRendered = false;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    abortRender = abort;
  });
}
