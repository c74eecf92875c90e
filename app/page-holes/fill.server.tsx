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

import { AccountNav } from "~/components/layout/Header";
import { Toaster } from "~/components/layout/Toaster";
import { ReviewForm } from "~/components/product/ReviewForm";
import { langFromPath, type Lang } from "~/i18n/languages";

import { renderHole, renderHoleOnce } from "./render-hole.server";
import { reviewFormState } from "./review.server";
import { ANONYMOUS, type Shopper } from "./shopper.server";

export { renderHole };

type ReviewState = { productId: number; signedIn: boolean; reviewed: boolean };

const account = (s: Shopper) => <AccountNav user={s.user} cartCount={s.cartCount} />;
const toast = (s: Shopper) => <Toaster toast={s.toast} />;
const review = (r: ReviewState) => <ReviewForm productId={r.productId} signedIn={r.signedIn} alreadyReviewed={r.reviewed} lastResult={null} />;

/** The page's HTML holes, and the shopper's fields in the hydration data. */
type HtmlHole = "account" | "toast" | "review";
type DataHole = "user" | "toastData" | "cartCount" | "signedIn" | "reviewed";
type Hole = HtmlHole | DataHole;

/** A piece of a page; fixed pieces are the template's own Buffers, the same on every request (server/gzip-parts.js keeps them compressed). */
export type Part = { bytes: Buffer; fixed: boolean };

type RemixContext = {
  state: { loaderData: Record<string, Record<string, unknown> | null> };
  [key: string]: unknown;
};

export type Template = {
  url: URL;
  lang: Lang;
  /** The page in order: fixed bytes and holes. The context script's JSON is among them, cut at the shopper's fields. */
  parts: (Part | Hole)[];
  /** Where the context script's JSON starts and ends in `parts` (its hash goes in the CSP). */
  context: { from: number; to: number };
  /** The product page's product, when the page has a review form. */
  product: { id: number } | null;
  /** The hash of the cached copy's context script, which a filled page replaces with its own. */
  contextHash: string;
  /** Anonymous renders, reused for a shopper whose part is the anonymous one (no flash, say). */
  anonymous: Partial<Record<HtmlHole, string>>;
};

const CONTEXT_OPEN = "window.__remixContext = ";
const CONTEXT_CLOSE = ";</script>";

/** Remix's own escaping of the context it writes into the page (@remix-run/react markup.js). */
const ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const escapeScriptJson = (json: string) => json.replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c]);
/** A value as Remix writes it into the context script. */
const scriptJson = (value: unknown) => escapeScriptJson(JSON.stringify(value));

export const scriptHash = (body: string) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;

/** Stands in for a shopper's field while the context is cut; refused if the page happens to contain it. */
const marker = (hole: DataHole) => `@@page-hole:${hole}@@`;

/**
 * The cached copy's context JSON cut at the shopper's fields: the anonymous
 * values are swapped for markers, the JSON is written once as Remix writes
 * it, and cut at each marker. Returns why not when it cannot be cut.
 */
function cutContext(context: RemixContext, productRoute: string | null): (string | DataHole)[] | string {
  const data = context.state.loaderData;
  const loaderData: RemixContext["state"]["loaderData"] = {
    ...data,
    root: { ...data.root, user: marker("user"), toast: marker("toastData"), cartCount: marker("cartCount") },
  };
  if (productRoute) loaderData[productRoute] = { ...data[productRoute], signedIn: marker("signedIn"), reviewed: marker("reviewed") };
  const json = scriptJson({ ...context, state: { ...context.state, loaderData } });
  const holes: DataHole[] = productRoute ? ["user", "toastData", "cartCount", "signedIn", "reviewed"] : ["user", "toastData", "cartCount"];
  const found = holes.map((hole) => ({ hole, at: json.indexOf(JSON.stringify(marker(hole))) }));
  for (const { hole, at } of found) {
    if (at < 0 || json.indexOf(JSON.stringify(marker(hole)), at + 1) >= 0) return `the context's ${hole} cannot be cut out`;
  }
  found.sort((a, b) => a.at - b.at);
  const pieces: (string | DataHole)[] = [];
  let from = 0;
  for (const { hole, at } of found) {
    pieces.push(json.slice(from, at), hole);
    from = at + JSON.stringify(marker(hole)).length;
  }
  pieces.push(json.slice(from));
  return pieces;
}

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
  // The cut must give back the page's own bytes, or the filled page would not be the page.
  if (scriptJson(context) !== html.slice(jsonStart, close)) return "the context is not written as expected";

  let product: Template["product"] = null;
  const productRoute = Object.keys(data).find((id) => /(^|\/)routes\/product\.\$id$/.test(id)) ?? null;
  if (productRoute) {
    const page = data[productRoute] as { product?: { id?: unknown }; signedIn?: unknown; reviewed?: unknown } | null;
    if (!page || page.signedIn !== false || page.reviewed !== false || typeof page.product?.id !== "number") {
      return "the product page's copy is not anonymous";
    }
    product = { id: page.product.id };
  }
  const contextPieces = cutContext(context, productRoute);
  if (typeof contextPieces === "string") return contextPieces;

  const anonymous: Template["anonymous"] = {
    account: renderHole(account(ANONYMOUS), url, lang),
    toast: renderHole(toast(ANONYMOUS), url, lang),
    ...(product ? { review: renderHole(review({ productId: product.id, signedIn: false, reviewed: false }), url, lang) } : {}),
  };
  const cuts: { hole: HtmlHole | "context"; start: number; end: number }[] = [{ hole: "context", start: jsonStart, end: close }];
  for (const [hole, fragment] of Object.entries(anonymous) as [HtmlHole, string][]) {
    const at = html.indexOf(fragment);
    if (at < 0) return `no ${hole} hole in the page`;
    if (html.indexOf(fragment, at + 1) >= 0) return `the ${hole} hole is in the page twice`;
    cuts.push({ hole, start: at, end: at + fragment.length });
  }
  cuts.sort((a, b) => a.start - b.start);
  const parts: Template["parts"] = [];
  const fixed = (text: string) => parts.push({ bytes: Buffer.from(text, "utf8"), fixed: true });
  const contextAt = { from: 0, to: 0 };
  let from = 0;
  for (const cut of cuts) {
    if (cut.start < from) return "holes overlap";
    fixed(html.slice(from, cut.start));
    if (cut.hole === "context") {
      contextAt.from = parts.length;
      for (const piece of contextPieces) {
        if (piece === "user" || piece === "toastData" || piece === "cartCount" || piece === "signedIn" || piece === "reviewed") parts.push(piece);
        else fixed(piece);
      }
      contextAt.to = parts.length;
    } else parts.push(cut.hole);
    from = cut.end;
  }
  fixed(html.slice(from));
  return { url, lang, parts, context: contextAt, product, contextHash: scriptHash(html.slice(open, close + 1)), anonymous };
}

/**
 * The page for one shopper: the template's fixed parts with the holes
 * rendered from this shopper alone, and the hash of its context script (the
 * CSP allows inline scripts by hash, as on the cached copy).
 */
export async function fillTemplate(template: Template, shopper: Shopper): Promise<{ parts: Part[]; contextHash: string }> {
  const { url, lang, product } = template;
  const reviewState = product ? { productId: product.id, ...(await reviewFormState(shopper.user, product.id, { throughCache: true })) } : null;
  const text = (hole: Hole): string => {
    switch (hole) {
      case "user":
        return scriptJson(shopper.user);
      case "toastData":
        return scriptJson(shopper.toast);
      case "cartCount":
        return scriptJson(shopper.cartCount);
      case "signedIn":
        return scriptJson(reviewState!.signedIn);
      case "reviewed":
        return scriptJson(reviewState!.reviewed);
      case "account":
        if (shopper.user === null && shopper.cartCount === 0) return template.anonymous.account!;
        return renderHoleOnce(`account ${JSON.stringify([shopper.user, shopper.cartCount])}`, () => account(shopper), url, lang);
      case "toast":
        return shopper.toast === null ? template.anonymous.toast! : renderHole(toast(shopper), url, lang);
      case "review":
        if (!reviewState!.signedIn) return template.anonymous.review!;
        return renderHoleOnce(`review ${JSON.stringify(reviewState)}`, () => review(reviewState!), url, lang);
    }
  };
  const parts: Part[] = template.parts.map((part) => (typeof part === "string" ? { bytes: Buffer.from(text(part), "utf8"), fixed: false } : part));
  const hash = createHash("sha256").update(CONTEXT_OPEN);
  for (let i = template.context.from; i < template.context.to; i++) hash.update(parts[i].bytes);
  return { parts, contextHash: `'sha256-${hash.update(";").digest("base64")}'` };
}
