import type { MetaDescriptor, SerializeFrom } from "@remix-run/node";

import type { ProductListData } from "~/web/catalogue-list.server";
import { seoMeta, type SeoInput } from "~/web/seo";

/**
 * A product list's tags (home, /page/n, a category, a search; each route's
 * meta() says its own title): its canonical URL, and the first product's
 * picture as the list's preview image.
 */
export function listMeta(data: SerializeFrom<ProductListData> | undefined, seo: Omit<SeoInput, "canonical" | "image">): MetaDescriptor[] {
  const image = data?.products[0]?.image;
  return seoMeta({ ...seo, canonical: data?.canonical, image: image && data ? new URL(image, data.origin).href : undefined });
}
