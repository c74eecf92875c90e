import type { MetaDescriptor, SerializeFrom } from "@remix-run/node";

import { pageSuffix } from "~/components/catalogue/ProductListScreen";
import { tFor } from "~/i18n/instance";
import type { Lang } from "~/i18n/languages";
import type { ProductListData } from "~/web/catalogue-list.server";
import { seoMeta } from "~/web/seo";

type Data = SerializeFrom<ProductListData> | undefined;

/** The first product's picture as the list's preview image. */
function previewImage(data: Data) {
  const image = data?.products[0]?.image;
  return image && data ? new URL(image, data.origin).href : undefined;
}

export function allProductsMeta(data: Data, title: string, description: string): MetaDescriptor[] {
  return seoMeta({ title, description, canonical: data?.canonical, image: previewImage(data) });
}

export function searchMeta(lang: Lang, keyword: string, data: Data): MetaDescriptor[] {
  const t = tFor(lang);
  return seoMeta({
    title: t("catalogue.search.meta.title", { keyword, suffix: pageSuffix(lang, data?.page ?? 1) }),
    description: t("catalogue.search.meta.description", { keyword }),
    canonical: data?.canonical,
    image: previewImage(data),
    // Result pages are endless variations of the catalogue: keep them out of search engines.
    robots: "noindex, follow",
  });
}

export function categoryMeta(lang: Lang, name: string | undefined, data: Data): MetaDescriptor[] {
  const t = tFor(lang);
  if (!name) return [{ title: t("catalogue.category.meta.notFound") }];
  return seoMeta({
    title: t("catalogue.category.meta.title", { name, suffix: pageSuffix(lang, data?.page ?? 1) }),
    description: t("catalogue.category.meta.description", { name }),
    canonical: data?.canonical,
    image: previewImage(data),
  });
}
