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
  const html = sanitizeHtml(page.description);
  return json({ title: page.title, html, summary: truncateText(htmlToText(html), 155), canonical });
}

export default function FooterInfoPage() {
  const { title, html } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-3xl rounded-lg border border-stone-200 bg-white p-6 sm:p-10">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{title}</h1>
      <div className="prose prose-stone max-w-none" dangerouslySetInnerHTML={{ __html: html }} />
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
