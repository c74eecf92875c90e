import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueErrorBoundary } from "~/components/layout/NotFound";
import { langOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath, localePath } from "~/i18n/languages";
import { getFooterPage } from "~/models/content/footer.server";
import { orNotFoundPage, pageParamId } from "~/web/page.server";
import { htmlToText, sanitizeHtml } from "~/models/platform/sanitize.server";
import { outlineUnderTitle } from "~/models/content/heading-outline";
import { seoMeta } from "~/web/seo";
import { truncateText } from "~/utils/truncate";
import { errorTitle } from "~/web/error-title";
import { publicOrigin } from "~/models/platform/shop-url.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langOf(request);
  const page = await orNotFoundPage(getFooterPage(pageParamId(params.id), lang), lang);
  // The page's own language: /bn/footer-info/3 is its own page.
  const canonical = `${publicOrigin(request)}${localePath(lang, `/footer-info/${page.id}`)}`;
  // Sanitized on save; again here so rows written around the service (seeds, SQL) are safe too.
  const clean = sanitizeHtml(page.description);
  // Its headings renumbered to follow the page's h1; `top` keeps the size the admin chose (heading-outline.ts).
  const { html, top } = outlineUnderTitle(clean);
  return json({ title: page.title, html, top, summary: truncateText(htmlToText(clean), 155), canonical });
}

/**
 * Text written from h3 down is shown from h2 down, at the sizes it was written
 * in: typography's h3 and h4 (its 1.25em and 1em sizes, margins and weight).
 */
const LOOK_OF_H3_H4 =
  "prose-h2:mb-[0.6em] prose-h2:mt-[1.6em] prose-h2:text-[1.25em] prose-h2:font-semibold prose-h2:leading-[1.6] " +
  "prose-h3:mb-[0.5em] prose-h3:mt-[1.5em] prose-h3:text-[1em] prose-h3:leading-[1.5]";

export default function FooterInfoPage() {
  const { title, html, top } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-3xl rounded-lg border border-stone-200 bg-white p-6 sm:p-10">
      <h1 className="mb-6 text-2xl font-semibold sm:text-3xl">{title}</h1>
      <div className={`prose prose-stone max-w-none ${top === 3 ? LOOK_OF_H3_H4 : ""}`} dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error, location }) => {
  const t = tFor(langFromPath(location.pathname));
  return data
    ? seoMeta({
        title: t("product.footerInfo.title", { title: data.title }),
        description: data.summary || data.title,
        canonical: data.canonical,
        type: "article",
      })
    : [{ title: errorTitle(error, t, t("product.footerInfo.notFound")) }];
};

export { CatalogueErrorBoundary as ErrorBoundary };
