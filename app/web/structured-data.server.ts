import type { AppLoadContext } from "@remix-run/node";

import { SITE_NAME } from "./seo";

/**
 * schema.org structured data (JSON-LD) is for crawlers, which read the HTML a
 * URL answers: loaders add it to the request's load context, and the document
 * render writes it into the head (entry.server.tsx, components/layout/StructuredData).
 * None of it is hydration data or browser JavaScript: the builders below are
 * server-only, which keeps them out of the home page's JavaScript budget.
 */
export function addStructuredData(context: AppLoadContext, ...items: unknown[]) {
  (context.structuredData ??= []).push(...items);
}

/**
 * The JSON for a `<script type="application/ld+json">`: `<`, `>`, `&` and the
 * JS line separators are escaped so no product text can close the element.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** What the document's structured-data element holds: one item as itself, several as an array. */
export function structuredDataJson(context: AppLoadContext): string {
  const items = context.structuredData ?? [];
  return serializeJsonLd(items.length === 1 ? items[0] : items);
}

/** schema.org BreadcrumbList from (name, absolute URL) pairs, first to last. */
export function breadcrumbJsonLd(items: { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: item.url })),
  };
}

/** schema.org Organization for the home page. */
export function organizationJsonLd(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
  };
}
