// Cached pages with holes (issue 29; docs/decisions/069-cached-pages-with-holes.md).
//
// The page cache (server/page-cache.js) keeps ONE copy of a catalogue page:
// the anonymous render. For a shopper with a cart or a sign-in it serves that
// copy with the parts that depend on the shopper cut out and rendered again
// for this request alone, on the server, so it works without JavaScript:
//
// - the header's own corner (AccountNav: cart count, name or "Sign In",
//   the admin menu),
// - the flash message (Toaster),
// - the product page's review form (ReviewForm),
// - and the hydration data's shopper fields (root: user, toast, cartCount;
//   product: signedIn, reviewed), so that React hydrates what it sees.
//
// Each hole is found in the cached copy as the exact HTML its component
// renders for an anonymous visitor, and must be there exactly once; anything
// else (a template that is not anonymous, a component that renders
// differently alone) refuses the template, and the request is rendered by
// React as before. The copy a hole starts from is always the anonymous page,
// so no shopper's data can reach another: the only personal bytes in an
// answer are those rendered from the request's own cookie.
import { createHash } from "node:crypto";

import { createContext, useContext, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from "react-router-dom/server.js";

import { AccountNav } from "~/components/layout/Header";
import { ReviewForm } from "~/components/product/ReviewForm";
import { Toaster } from "~/components/layout/Toaster";
import { i18nFor } from "~/i18n/i18n.server";
import { I18nProvider } from "~/i18n/instance";
import { langFromPath, type Lang } from "~/i18n/languages";

import { reviewFormState } from "./review.server";
import { ANONYMOUS, type Shopper } from "./shopper.server";

// ---- rendering one component as a page would --------------------------------

const SlotContext = createContext<ReactElement | null>(null);
function Slot() {
  return useContext(SlotContext);
}
/**
 * One splat route: with `v3_relativeSplatPath` (remix.config.js) a form without
 * an action posts to the page's own path and query, as in the real route.
 */
const ROUTES = [{ id: "page-hole", path: "*", element: <Slot /> }];

/** Renders a component with what it reads around it on a page: the router at this URL and the page's language. */
export function renderHole(element: ReactElement, url: URL, lang: Lang = langFromPath(url.pathname)): string {
  const location = { pathname: url.pathname, search: url.search, hash: "", state: null, key: "default" };
  const context = {
    basename: "",
    location,
    matches: [{ params: { "*": url.pathname.slice(1) }, pathname: url.pathname, pathnameBase: "/", route: ROUTES[0] }],
    loaderData: {},
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    activeDeferreds: null,
  } as unknown as StaticHandlerContext;
  const router = createStaticRouter(ROUTES, context, { future: { v7_relativeSplatPath: true } });
  return renderToString(
    <I18nProvider value={i18nFor(lang)}>
      <SlotContext.Provider value={element}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SlotContext.Provider>
    </I18nProvider>,
  );
}

// ---- the holes ---------------------------------------------------------------

type ReviewState = { productId: number; signedIn: boolean; reviewed: boolean };

const account = (s: Shopper) => <AccountNav user={s.user} cartCount={s.cartCount} />;
const toast = (s: Shopper) => <Toaster toast={s.toast} />;
const review = (r: ReviewState) => <ReviewForm productId={r.productId} signedIn={r.signedIn} alreadyReviewed={r.reviewed} lastResult={null} />;

type SlotKind = "account" | "toast" | "review" | "context";

type RemixContext = {
  state: { loaderData: Record<string, Record<string, unknown> | null> };
  [key: string]: unknown;
};

export type Template = {
  url: URL;
  lang: Lang;
  /** The page's bytes between the holes: segments.length === slots.length + 1. */
  segments: string[];
  slots: SlotKind[];
  context: RemixContext;
  /** The product page's route id (English or Bangla) and product, when the page has a review form. */
  product: { routeId: string; id: number } | null;
  /** The hash of the cached copy's context script, which a filled page replaces with its own. */
  contextHash: string;
  /** Anonymous renders, reused for a shopper whose part is the anonymous one (no flash, say). */
  anonymous: Partial<Record<SlotKind, string>>;
};

const CONTEXT_OPEN = "window.__remixContext = ";
const CONTEXT_CLOSE = ";</script>";

/** Remix's own escaping of the context it writes into the page (@remix-run/react markup.js). */
const ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const escapeScriptJson = (json: string) => json.replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c]);

export const scriptHash = (body: string) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;

/**
 * Cuts a cached anonymous page into its fixed parts and holes, or says why it
 * cannot (the caller then renders the request with React).
 */
export function compileTemplate(html: string, href: string): Template | string {
  const url = new URL(href);
  const lang = langFromPath(url.pathname);
  const open = html.indexOf(CONTEXT_OPEN);
  const close = open < 0 ? -1 : html.indexOf(CONTEXT_CLOSE, open);
  if (open < 0 || close < 0) return "no Remix context in the page";
  const jsonStart = open + CONTEXT_OPEN.length;
  const context = JSON.parse(html.slice(jsonStart, close)) as RemixContext;
  const data = context.state?.loaderData ?? {};
  const root = data.root;
  if (!root || root.user !== null || root.toast !== null || root.cartCount !== 0) return "the cached copy is not anonymous";

  let product: Template["product"] = null;
  const productRoute = Object.keys(data).find((id) => /(^|\/)routes\/product\.\$id$/.test(id));
  if (productRoute) {
    const page = data[productRoute] as { product?: { id?: unknown }; signedIn?: unknown; reviewed?: unknown } | null;
    if (!page || page.signedIn !== false || page.reviewed !== false || typeof page.product?.id !== "number") {
      return "the product page's copy is not anonymous";
    }
    product = { routeId: productRoute, id: page.product.id };
  }

  const anonymous: Template["anonymous"] = {
    account: renderHole(account(ANONYMOUS), url, lang),
    toast: renderHole(toast(ANONYMOUS), url, lang),
    ...(product ? { review: renderHole(review({ productId: product.id, signedIn: false, reviewed: false }), url, lang) } : {}),
  };
  const cuts: { kind: SlotKind; start: number; end: number }[] = [{ kind: "context", start: jsonStart, end: close }];
  for (const [kind, fragment] of Object.entries(anonymous) as [SlotKind, string][]) {
    const at = html.indexOf(fragment);
    if (at < 0) return `no ${kind} hole in the page`;
    if (html.indexOf(fragment, at + 1) >= 0) return `the ${kind} hole is in the page twice`;
    cuts.push({ kind, start: at, end: at + fragment.length });
  }
  cuts.sort((a, b) => a.start - b.start);
  const segments: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    if (cut.start < from) return "holes overlap";
    segments.push(html.slice(from, cut.start));
    from = cut.end;
  }
  segments.push(html.slice(from));
  return {
    url,
    lang,
    segments,
    slots: cuts.map((c) => c.kind),
    context,
    product,
    contextHash: scriptHash(html.slice(open, close + 1)),
    anonymous,
  };
}

/**
 * The page for one shopper: the template's fixed parts with the holes
 * rendered from this shopper alone. Resolves to the HTML and the hash of its
 * context script (the CSP allows inline scripts by hash, as on the cached copy).
 */
export async function fillTemplate(template: Template, shopper: Shopper): Promise<{ html: string; contextHash: string }> {
  const { url, lang, product } = template;
  const reviewState = product ? { productId: product.id, ...(await reviewFormState(shopper.user, product.id)) } : null;
  const data = template.context.state.loaderData;
  const loaderData: RemixContext["state"]["loaderData"] = { ...data, root: { ...data.root, user: shopper.user, toast: shopper.toast, cartCount: shopper.cartCount } };
  if (product && reviewState) {
    loaderData[product.routeId] = { ...data[product.routeId], signedIn: reviewState.signedIn, reviewed: reviewState.reviewed };
  }
  const contextScript = `${CONTEXT_OPEN}${escapeScriptJson(JSON.stringify({ ...template.context, state: { ...template.context.state, loaderData } }))};`;
  const fill = (kind: SlotKind): string => {
    switch (kind) {
      case "context":
        return contextScript.slice(CONTEXT_OPEN.length, -1);
      case "account":
        return shopper.user === null && shopper.cartCount === 0 ? template.anonymous.account! : renderHole(account(shopper), url, lang);
      case "toast":
        return shopper.toast === null ? template.anonymous.toast! : renderHole(toast(shopper), url, lang);
      case "review":
        return reviewState!.signedIn ? renderHole(review(reviewState!), url, lang) : template.anonymous.review!;
    }
  };
  let html = template.segments[0];
  for (let i = 0; i < template.slots.length; i++) html += fill(template.slots[i]) + template.segments[i + 1];
  return { html, contextHash: scriptHash(contextScript) };
}
