import type { MetaDescriptor } from "@remix-run/node";

// Tags search engines and link previews read: title, description, canonical
// URL, Open Graph and Twitter card. Pure, so every page's meta() shares it.

export const SITE_NAME = "TanaBana";

export type SeoInput = {
  title: string;
  /** The title link previews show, when it differs from the page's (a product's bare name). */
  previewTitle?: string;
  description: string;
  /** Absolute URL of the page's canonical version. */
  canonical?: string;
  /** Absolute image URL for link previews. */
  image?: string;
  type?: "website" | "product" | "article";
  /** "noindex, follow" for pages that should not be listed (search results). */
  robots?: string;
};

export function seoMeta({ title, previewTitle = title, description, canonical, image, type = "website", robots }: SeoInput): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    ...(robots ? [{ name: "robots", content: robots }] : []),
    ...(canonical ? [{ tagName: "link", rel: "canonical", href: canonical }] : []),
    { property: "og:type", content: type },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: previewTitle },
    { property: "og:description", content: description },
    ...(canonical ? [{ property: "og:url", content: canonical }] : []),
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: previewTitle },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
}
