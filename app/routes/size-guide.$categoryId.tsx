import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { CatalogueErrorBoundary } from "~/components/layout/NotFound";
import { SizeTable } from "~/components/product/SizeGuide";
import { langOf } from "~/i18n/i18n.server";
import { useLocalePath, useT } from "~/i18n/hooks";
import { tFor } from "~/i18n/instance";
import { langFromPath } from "~/i18n/languages";
import { getSizeGuide } from "~/models/catalogue/size-guide.server";
import { sizeTable } from "~/schemas/size-guide";
import { orNotFoundPage, pageParamId } from "~/web/page.server";

// A category's size guide (issue 38), opened from the product page by a plain link, so it works
// without JavaScript. Bangla pages show the Bangla table, or the English when there is none.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langOf(request);
  const c = await orNotFoundPage(getSizeGuide(pageParamId(params.categoryId)), lang);
  const bn = lang === "bn";
  return json({ id: c.id, category: (bn && c.nameBn) || c.name, rows: sizeTable((bn && c.sizeGuideBn) || c.sizeGuide) });
}

export default function SizeGuidePage() {
  const { id, category, rows } = useLoaderData<typeof loader>();
  const t = useT();
  const lp = useLocalePath();
  return (
    <article className="mx-auto max-w-3xl rounded-lg border border-stone-200 bg-white p-6 sm:p-10">
      <h1 className="mb-6 text-2xl font-semibold sm:text-3xl">{t("sizeguide.title", { category })}</h1>
      {rows.length ? <SizeTable rows={rows} /> : <p className="text-stone-700">{t("sizeguide.none")}</p>}
      <Link to={lp(`/category/${id}`)} className="mt-6 inline-block text-brand-700 hover:underline">
        {t("sizeguide.back", { category })}
      </Link>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  const t = tFor(langFromPath(location.pathname));
  return [{ title: data ? `${t("sizeguide.title", { category: data.category })} — TanaBana` : t("sizeguide.link") }, { name: "robots", content: "noindex" }];
};

export { CatalogueErrorBoundary as ErrorBoundary };
