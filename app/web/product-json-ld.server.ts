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
    productJsonLd(product, { url: canonical, images, descriptionText, summaryChars }),
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
