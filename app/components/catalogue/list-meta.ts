import type { MetaDescriptor, SerializeFrom } from "@remix-run/node";

import { pageSuffix } from "~/components/ProductListScreen";
import type { ProductListData } from "~/utils/catalogue-list.server";
import { seoMeta, SITE_NAME } from "~/utils/seo";

type Data = SerializeFrom<ProductListData> | undefined;

/** The first product's picture as the list's preview image. */
function previewImage(data: Data) {
  const image = data?.products[0]?.image;
  return image && data ? new URL(image, data.origin).href : undefined;
}

export function allProductsMeta(data: Data, title: string, description: string): MetaDescriptor[] {
  return seoMeta({ title, description, canonical: data?.canonical, image: previewImage(data) });
}

export function searchMeta(keyword: string, data: Data): MetaDescriptor[] {
  return seoMeta({
    title: `Search: ${keyword}${pageSuffix(data?.page ?? 1)} — ${SITE_NAME}`,
    description: `Products matching “${keyword}” at ${SITE_NAME}.`,
    canonical: data?.canonical,
    image: previewImage(data),
    // Result pages are endless variations of the catalogue: keep them out of search engines.
    robots: "noindex, follow",
  });
}

export function categoryMeta(name: string | undefined, data: Data): MetaDescriptor[] {
  if (!name) return [{ title: `Category not found — ${SITE_NAME}` }];
  return seoMeta({
    title: `${name}${pageSuffix(data?.page ?? 1)} — ${SITE_NAME}`,
    description: `Shop ${name} at ${SITE_NAME}: clothing from Bangladeshi makers, cash on delivery.`,
    canonical: data?.canonical,
    image: previewImage(data),
  });
}
