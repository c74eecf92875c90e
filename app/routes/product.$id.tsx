import { parseForm } from "~/web/form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { Trans } from "~/i18n/Trans";

import { Breadcrumbs } from "~/components/layout/Breadcrumbs";
import { ProductRow } from "~/components/home/ProductRow";
import { Price, TaxNote } from "~/components/product/Price";
import { AddToCartForm } from "~/components/product/AddToCartForm";
import { ProductDescription } from "~/components/product/ProductDescription";
import { ProductGallery } from "~/components/product/ProductGallery";
import { ReviewForm } from "~/components/product/ReviewForm";
import { ReviewList } from "~/components/product/ReviewList";
import { StickyAddToCart } from "~/components/product/StickyAddToCart";
import { CatalogueErrorBoundary } from "~/components/layout/NotFound";
import { Rating } from "~/components/product/Rating";
import { useLocalePath, useT } from "~/i18n/hooks";
import { SizeGuideLink } from "~/components/product/SizeGuide";
import { langOf, tOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath, localePath } from "~/i18n/languages";
import { getUser } from "~/models/accounts/auth.server";
import { can } from "~/models/platform/permissions";
import { requireUser } from "~/web/guards.server";
import { addToCart, commitWithinLimit } from "~/models/orders/cart.server";
import { ServiceError } from "~/models/platform/errors.server";
import { getSettings } from "~/models/platform/settings.server";
import { relatedCards } from "~/models/catalogue/merchandising.server";
import { getProduct } from "~/models/catalogue/product.server";
import { createReview, REVIEW_HELD } from "~/models/catalogue/review.server";
import { reviewFormState } from "~/page-holes/review.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { addToCartSchema, SIZE_REQUIRED } from "~/schemas/cart";
import { reviewSchema } from "~/schemas/review";
import { notFoundPageWithSuggestions, orNotFoundPage, pageParamId } from "~/web/page.server";
import { htmlToText, sanitizeHtml } from "~/models/platform/sanitize.server";
import { addStructuredData } from "~/web/structured-data.server";
import { pageJsonLd } from "~/web/product-json-ld.server";
import { truncateText } from "~/utils/truncate";
import { errorTitle } from "~/web/error-title";
import { seoMeta } from "~/web/seo";
import { publicOrigin } from "~/models/platform/shop-url.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = pageParamId(params.id);
  const lang = langOf(request);
  // "You may also like" is one extra query, run beside the product's own.
  const [product, user, related, settings] = await Promise.all([
    orNotFoundPage(getProduct(id, { drafts: true, lang }), lang),
    getUser(request),
    relatedCards(id, 4, lang),
    getSettings(),
  ]);
  // A draft is a 404 to shoppers; an admin previews it (signed in, so never from the page cache).
  const draft = product.status !== "active";
  if (draft && !can(user, "read:draft:any")) await notFoundPageWithSuggestions(lang);
  const url = new URL(request.url);
  const wanted = Number(url.searchParams.get("image"));
  // The colour in the URL (issue 38), by either name; else the first: a shared link opens its colour.
  const asked = url.searchParams.get("color")?.trim().toLowerCase();
  const chosen = product.colors.find((c) => asked && (c.name.toLowerCase() === asked || c.nameBn?.toLowerCase() === asked)) ?? product.colors[0];
  const colour = chosen?.name;
  // The gallery shows the colour's pictures when it has its own, else the product's.
  const pictures = chosen?.images.length ? chosen.images.length : 1 + product.additionalImages.length;
  const imageIndex = Number.isInteger(wanted) && wanted > 0 && wanted < pictures ? wanted : 0;
  // Sanitized on save too; again here so rows written around the service (seeds, SQL) are safe.
  const descriptionHtml = sanitizeHtml(product.description);
  const descriptionText = htmlToText(descriptionHtml);
  // The page's own language: /bn/product/7 is its own page, not a copy of /product/7.
  const canonical = `${publicOrigin(request)}${localePath(lang, `/product/${id}`)}`;
  // Structured data for crawlers, written into the document by the server only.
  addStructuredData(
    context,
    ...pageJsonLd(product, canonical, descriptionText, { lang, home: tOf(request)("product.breadcrumbs.home"), summaryChars: SUMMARY_CHARS }),
  );
  // What the page shows and hydrates from, and nothing more: the stored
  // description only as sanitized HTML and a short plain summary (for the
  // preview and the meta description).
  const { description: _stored, ...shown } = product;
  return json({
    product: shown,
    draft,
    related,
    imageIndex,
    colour,
    expanded: url.searchParams.get("more") === "1",
    descriptionHtml,
    descriptionSummary: truncateText(descriptionText, SUMMARY_CHARS),
    // The most of one size an order may hold (issue 26): the stepper stops there and says so.
    lineCap: settings.maxQtyPerLine,
    // signedIn and reviewed: the page cache fills them in per request too (app/page-holes).
    ...(await reviewFormState(user, id)),
    canonical,
  });
}

/** The plain-text summary's length (the JSON-LD's description too); the preview and the meta description are shorter. */
const SUMMARY_CHARS = 500;

export async function action({ request, params }: ActionFunctionArgs) {
  const id = pageParamId(params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "review") {
    const user = await requireUser(request);
    const submission = parseForm(formData, { schema: reviewSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    let held = false;
    try {
      held = (await createReview(user, id, submission.value)).held === true;
    } catch (error) {
      const known = error instanceof ServiceError;
      if (!known) console.error(error);
      const result = submission.reply({ formErrors: [known ? error.message : "Failed to submit review"] });
      return json({ intent, result }, { status: known ? error.status : 500 });
    }
    // A held review (decision 105) is not on the page yet: the toast says why.
    const said = held ? REVIEW_HELD : "Review submitted successfully";
    return redirectWithToast(localePath(langOf(request), `/product/${id}`), said, { session: await getSession(request) });
  }

  if (intent === "addToCart") {
    const submission = parseForm(formData, { schema: addToCartSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    const session = await getSession(request);
    try {
      const notice = await addToCart(session, { ...submission.value, productId: id });
      // Said on the cart line the shopper lands on: "Only 4 left in size M; we added 4".
      if (notice) session.flash("cartNotice", notice);
      return redirect(localePath(langOf(request), "/cart"), { headers: { "Set-Cookie": await commitWithinLimit(session) } });
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const result =
        error.message === SIZE_REQUIRED
          ? submission.reply({ fieldErrors: { size: [error.message] } })
          : error.message === COLOUR_REQUIRED
            ? submission.reply({ fieldErrors: { color: [error.message] } })
            : submission.reply({ formErrors: [error.message] });
      return json({ intent, result }, { status: error.status });
    }
  }

  return json({ intent: null, result: null }, { status: 400 });
}

/** The service's word for a line without a colour on a product with colours (stock.server.ts). */
const COLOUR_REQUIRED = "Please choose a colour";

export default function ProductPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { product } = data;
  const t = useT();
  const lp = useLocalePath();
  const bn = lp("/") !== "/";
  // Chosen colour: from the URL, then from the swatches without a reload (the URL follows).
  const [colour, setColour] = useState(data.colour);
  const chosen = product.colors.find((c) => c.name === colour);
  // In stock: in the chosen colour, when there are colours.
  const inStock = chosen ? product.variants.some((v) => v.color === chosen.name && v.quantity > 0) : product.countInStock > 0;
  const colours = product.colors.map((c) => ({ name: c.name, label: (bn && c.nameBn) || c.name, hex: c.hex }));
  const href = ({ image = data.imageIndex, more = data.expanded }: { image?: number; more?: boolean }) => {
    const params = new URLSearchParams();
    if (colour && colour !== product.colors[0]?.name) params.set("color", colour);
    if (image > 0) params.set("image", String(image));
    if (more) params.set("more", "1");
    const query = params.toString();
    return lp(`/product/${product.id}${query ? `?${query}` : ""}`);
  };

  return (
    <>
      <Breadcrumbs
        trail={[
          { label: t("product.breadcrumbs.home"), to: lp("/") },
          { label: product.category.name, to: lp(`/category/${product.category.id}`) },
          { label: product.name },
        ]}
      />
      {data.draft ? (
        <p role="status" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <Trans
            i18nKey="product.page.draft"
            components={{ b: <strong />, a: <Link to={`/admin/product/${product.id}/edit`} className="font-semibold underline" /> }}
          />
        </p>
      ) : null}
      <div className="grid gap-8 md:grid-cols-2">
        <ProductGallery
          name={product.name}
          key={colour}
          images={chosen?.images.length ? chosen.images : [product.image, ...product.additionalImages]}
          initialIndex={data.imageIndex}
          hrefFor={(image) => href({ image })}
        />
        <div className="space-y-5">
          <div className="space-y-2">
            <p className="text-sm text-stone-500">
              {product.brand} ·{" "}
              <Link to={lp(`/category/${product.category.id}`)} className="hover:text-brand-700 hover:underline">
                {product.category.name}
              </Link>
            </p>
            <h1 className="text-2xl font-semibold sm:text-3xl">{product.name}</h1>
            <Rating value={product.rating} count={product.numReviews} />
          </div>
          <div className="space-y-1">
            <Price price={product.price} originalPrice={product.originalPrice} discountPercentage={product.discountPercentage} size="lg" />
            <TaxNote />
          </div>
          <ProductDescription
            html={data.descriptionHtml}
            text={data.descriptionSummary}
            initiallyExpanded={data.expanded}
            moreHref={href({ more: true })}
            lessHref={href({ more: false })}
          />
          <p className={`text-sm font-semibold ${inStock ? "text-green-700" : "text-red-700"}`}>
            {inStock ? t("product.page.inStock") : t("product.page.outOfStock")}
          </p>
          <SizeGuideLink categoryId={product.category.id} />
          <div className="card p-4">
            {product.countInStock > 0 ? <StickyAddToCart formId="add-to-cart" name={product.name} price={product.price} /> : null}
            <AddToCartForm
              key={product.id}
              productId={product.id}
              lineCap={data.lineCap}
              sizes={product.sizes}
              colours={colours}
              variants={product.variants}
              colour={colour}
              onColour={(next) => {
                setColour(next);
                // Shareable: the address names the colour, without a reload or a history entry.
                const url = new URL(window.location.href);
                url.searchParams.set("color", next);
                window.history.replaceState(window.history.state, "", url);
              }}
              countInStock={product.countInStock}
              lastResult={actionData?.intent === "addToCart" ? actionData.result : null}
            />
          </div>
        </div>
      </div>

      <section id="reviews" aria-labelledby="reviews-heading" className="render-later mt-12 grid gap-8 md:grid-cols-2 [contain-intrinsic-height:auto_500px]">
        <div className="space-y-3">
          <h2 id="reviews-heading" className="text-xl font-semibold">
            {t("product.page.reviews")}
          </h2>
          <ReviewList reviews={product.reviews} />
        </div>
        <div className="space-y-3">
          <h2 className="text-xl font-semibold">{t("product.page.yourReview")}</h2>
          <ReviewForm
            key={`${product.id}-${product.numReviews}`}
            productId={product.id}
            signedIn={data.signedIn}
            alreadyReviewed={data.reviewed}
            lastResult={actionData?.intent === "review" ? actionData.result : null}
          />
        </div>
      </section>
      <div className="mt-12">
        <ProductRow id="related-heading" title={t("product.page.related")} products={data.related} />
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error, location }) => {
  const t = tFor(langFromPath(location.pathname));
  if (!data) return [{ title: errorTitle(error, t, t("product.meta.notFound")) }];
  const { product } = data;
  const description = truncateText(data.descriptionSummary || t("product.meta.byBrand", { name: product.name, brand: product.brand }), 155);
  return [
    ...seoMeta({
      title: t("product.meta.title", { name: product.name }),
      previewTitle: product.name,
      description,
      canonical: data.canonical,
      image: new URL(product.image, data.canonical).href,
      type: "product",
    }),
    { property: "product:price:amount", content: product.price.toFixed(2) },
    { property: "product:price:currency", content: "BDT" },
  ];
};

export { CatalogueErrorBoundary as ErrorBoundary };
