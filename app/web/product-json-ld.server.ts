import type { Lang } from "~/i18n/languages";
import { localePath } from "~/i18n/languages";
import type { ProductWithReviews } from "~/models/catalogue/product.server";

import { breadcrumbJsonLd } from "./structured-data.server";
import { truncateText } from "~/utils/truncate";

// The product page's structured data (schema.org), built on the server only
// like the rest of structured-data.server.ts; moved out of the route module.

/** The page's structured data: the product and its breadcrumb trail, with absolute URLs. */
export function pageJsonLd(
  product: ProductWithReviews,
  canonical: string,
  descriptionText: string,
  { lang, home, summaryChars }: { lang: Lang; home: string; summaryChars: number },
) {
  const origin = new URL(canonical).origin;
  const images = [product.image, ...product.additionalImages].map((i) => new URL(i, origin).href);
  return [
    product.colors.length > 0
      ? productGroupJsonLd(product, { url: canonical, images, descriptionText, summaryChars, lang })
      : productJsonLd(product, { url: canonical, images, descriptionText, summaryChars }),
    breadcrumbJsonLd([
      { name: home, url: `${origin}${localePath(lang, "/")}` },
      { name: product.category.name, url: `${origin}${localePath(lang, `/category/${product.category.id}`)}` },
      { name: product.name, url: canonical },
    ]),
  ];
}

/** schema.org Product for search engines; image URLs are absolute, the price is in BDT. */
function productJsonLd(
  product: ProductWithReviews,
  { url, images, descriptionText, summaryChars }: { url: string; images: string[]; descriptionText: string; summaryChars: number },
) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    image: images,
    description: truncateText(descriptionText, summaryChars),
    sku: String(product.id),
    brand: { "@type": "Brand", name: product.brand },
    category: product.category.name,
    offers: {
      "@type": "Offer",
      url,
      price: product.price.toFixed(2),
      priceCurrency: "BDT",
      availability: product.countInStock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
    ...(product.numReviews > 0 ? { aggregateRating: { "@type": "AggregateRating", ratingValue: product.rating, reviewCount: product.numReviews } } : {}),
  };
}

const availability = (quantity: number) => (quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");

/**
 * A product with colours as a schema.org ProductGroup (issue 38): one Product per colour × size, each
 * with its SKU, colour, size and own offer, so search engines can show "Navy, M, in stock". The
 * colour names are the page's language; each variant's URL opens its colour (`?color=`).
 */
function productGroupJsonLd(
  product: ProductWithReviews,
  { url, images, descriptionText, summaryChars, lang }: { url: string; images: string[]; descriptionText: string; summaryChars: number; lang: Lang },
) {
  const origin = new URL(url).origin;
  const pictures = new Map(product.colors.map((c) => [c.name, c.images.map((i) => new URL(i, origin).href)]));
  const { offers: _one, sku: _id, "@type": _type, ...shared } = productJsonLd(product, { url, images, descriptionText, summaryChars });
  return {
    ...shared,
    "@type": "ProductGroup",
    url,
    productGroupID: String(product.id),
    variesBy: ["https://schema.org/color", "https://schema.org/size"],
    hasVariant: product.variants.map((v) => {
      const colour = (lang === "bn" && v.colorBn) || v.color || "";
      const variantUrl = `${url}?color=${encodeURIComponent(v.color ?? "")}`;
      const own = pictures.get(v.color ?? "");
      return {
        "@type": "Product",
        name: `${product.name} (${colour}, ${v.size})`,
        sku: v.sku,
        color: colour,
        size: v.size,
        image: own?.length ? own : images,
        url: variantUrl,
        offers: { "@type": "Offer", url: variantUrl, price: product.price.toFixed(2), priceCurrency: "BDT", availability: availability(v.quantity) },
      };
    }),
  };
}
