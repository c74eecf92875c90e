import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader, AdminTable } from "~/components/admin/AdminHeader";
import { askToConfirm, ConfirmButton, ListActionResult, type ListActionData } from "~/components/admin/Confirm";
import { Pagination } from "~/components/catalogue/Pagination";
import { Rating } from "~/components/product/Rating";
import { requireAdmin } from "~/web/guards.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { decideHeldReview, deleteReview, listReviewsForAdmin, reviewedProduct, setReviewHidden, type ReviewShow } from "~/models/catalogue/review-admin.server";
import { reviewDecisionSchema, reviewVisibilitySchema } from "~/schemas/review";
import { adminWrite, loadAdminData, toId } from "~/web/admin.server";
import { parsePageNumber } from "~/utils/paging";

// /admin/reviewlist: every review, newest first, hidden ones too; ?product={id}
// for one product's, ?show=hidden for the hidden ones, ?page=n. An admin hides
// a review (shoppers no longer see it, the rating leaves it out), shows it
// again, or deletes it; the services check the admin and recount the rating.
// ?show=held lists the reviews the shop's review hold keeps back (decision 105):
// an admin approves one (it then counts) or rejects it (it stays hidden).

const SHOW_LABELS: [ReviewShow, string][] = [
  ["all", "All"],
  ["held", "Awaiting approval"],
  ["hidden", "Hidden"],
];

type ListQuery = { productId?: number; show: ReviewShow; page: number };

function listQuery(request: Request): ListQuery {
  const params = new URL(request.url).searchParams;
  return {
    productId: toId(params.get("product")) ?? undefined,
    show: SHOW_LABELS.some(([s]) => s === params.get("show")) ? (params.get("show") as ReviewShow) : "all",
    page: parsePageNumber(params.get("page")),
  };
}

function listHref({ productId, show, page }: ListQuery) {
  const params = new URLSearchParams();
  if (productId) params.set("product", String(productId));
  if (show !== "all") params.set("show", show);
  if (page > 1) params.set("page", String(page));
  return `/admin/reviewlist${params.size > 0 ? `?${params}` : ""}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const query = listQuery(request);
  const [list, product] = await loadAdminData(() =>
    Promise.all([listReviewsForAdmin(admin, query), query.productId ? reviewedProduct(admin, query.productId) : Promise.resolve(null)]),
  );
  return json({ ...list, product, show: query.show });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const productId = toId(formData.get("productId"));
  const reviewId = toId(formData.get("reviewId"));
  const back = listHref(listQuery(request));
  const session = await getSession(request);
  if (!productId || !reviewId) return json<ListActionData>({ formError: "Review not found" }, { status: 404 });

  if (intent === "visibility") {
    const parsed = reviewVisibilitySchema.safeParse({ hidden: formData.get("hidden") });
    if (!parsed.success) return json<ListActionData>({ formError: "Unknown action" }, { status: 400 });
    return adminWrite(async () => {
      const review = await setReviewHidden(admin, productId, reviewId, parsed.data.hidden);
      const said = review.hidden ? `Hid the review by ${review.name}` : `The review by ${review.name} is shown again`;
      return redirectWithToast(back, said, { session });
    }, "Error changing the review");
  }
  if (intent === "decision") {
    const parsed = reviewDecisionSchema.safeParse({ decision: formData.get("decision") });
    if (!parsed.success) return json<ListActionData>({ formError: "Unknown action" }, { status: 400 });
    return adminWrite(async () => {
      const review = await decideHeldReview(admin, productId, reviewId, parsed.data.decision);
      const said = review.hidden ? `Rejected the review by ${review.name}` : `Approved the review by ${review.name}: it now counts`;
      return redirectWithToast(back, said, { session });
    }, "Error deciding the review");
  }
  if (intent !== "delete") return json<ListActionData>({ formError: "Unknown action" }, { status: 400 });
  return adminWrite(async () => {
    const confirm = askToConfirm(formData, {
      intent: "delete",
      fields: { productId: String(productId), reviewId: String(reviewId) },
      detail: "Delete this review for good? Its writer may then review the product again. Hiding it keeps it.",
      confirmLabel: "Yes, delete review",
    });
    if (confirm) return json<ListActionData>({ confirm });
    await deleteReview(admin, productId, reviewId);
    return redirectWithToast(back, "Review deleted", { session });
  }, "Error deleting review");
}

const pill = (active: boolean) =>
  `rounded-full border px-3 py-1 text-sm ${active ? "border-brand-600 bg-brand-600 text-white" : "border-stone-300 bg-white hover:bg-stone-100"}`;

export default function ReviewList() {
  const { reviews, page, pages, total, product, show } = useLoaderData<typeof loader>();
  const actionData = useActionData<ListActionData>();
  const productId = product?.id;
  return (
    <section>
      <AdminHeader title={product ? `Reviews of “${product.name}”` : "Reviews"}>
        {product ? (
          <Link to={listHref({ show, page: 1 })} className="btn-secondary">
            All products’ reviews
          </Link>
        ) : null}
      </AdminHeader>
      <ListActionResult data={actionData} />
      <nav aria-label="Show reviews" className="mb-4 flex flex-wrap gap-2">
        {SHOW_LABELS.map(([s, label]) => (
          <Link key={s} to={listHref({ productId, show: s, page: 1 })} aria-current={s === show ? "true" : undefined} className={pill(s === show)}>
            {label}
          </Link>
        ))}
      </nav>
      <p className="mb-2 text-sm text-stone-600">{total === 1 ? "1 review" : `${total} reviews`}</p>
      {reviews.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">No reviews found</p>
      ) : (
        <AdminTable>
          <thead>
            <tr>
              <th>Review</th>
              <th>Product</th>
              {/* On a phone each review's actions sit under its text: moderating needs no sideways swipe. */}
              <th className="hidden sm:table-cell">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {reviews.map((r) => (
              <tr key={r.id} className={r.hidden ? "bg-stone-50 text-stone-500" : r.held ? "bg-amber-50" : undefined}>
                <td>
                  <div className="min-w-[14rem] max-w-md space-y-1 whitespace-normal">
                    <p className="font-semibold">
                      {r.name} <span className="font-normal text-stone-500">· {r.createdAt.slice(0, 10)}</span>
                    </p>
                    <div className="flex flex-wrap items-center gap-2">
                      <Rating value={r.rating} />
                      {r.hidden ? <span className="rounded bg-stone-200 px-1.5 py-0.5 text-xs font-semibold text-stone-800">Hidden</span> : null}
                      {r.held ? <span className="rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950">Awaiting approval</span> : null}
                      {r.verified ? (
                        <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-900">Verified purchase</span>
                      ) : (
                        <span className="rounded border border-stone-300 px-1.5 py-0.5 text-xs font-semibold text-stone-700">Not verified buyer</span>
                      )}
                    </div>
                    <p className="line-clamp-3 break-words text-sm">{r.comment}</p>
                    <div className="pt-1 sm:hidden">
                      <ReviewActions review={r} />
                    </div>
                  </div>
                </td>
                <td>
                  <Link to={listHref({ productId: r.productId, show, page: 1 })} className="line-clamp-2 max-w-[12rem] whitespace-normal underline">
                    {r.productName}
                  </Link>
                </td>
                <td className="hidden sm:table-cell">
                  <ReviewActions review={r} />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} href={(n) => listHref({ productId, show, page: n })} />
    </section>
  );
}

type ActionReview = { id: number; productId: number; name: string; hidden: boolean; held: boolean };

function ReviewActions({ review }: { review: ActionReview }) {
  if (review.held) return <HeldActions review={review} />;
  const fields = { productId: String(review.productId), reviewId: String(review.id) };
  return (
    <div className="flex items-center gap-2">
      <Form method="post">
        <input type="hidden" name="intent" value="visibility" />
        <input type="hidden" name="productId" value={fields.productId} />
        <input type="hidden" name="reviewId" value={fields.reviewId} />
        <button
          type="submit"
          name="hidden"
          value={review.hidden ? "false" : "true"}
          className="btn-secondary px-3 py-1 text-xs"
          aria-label={`${review.hidden ? "Show" : "Hide"} the review by ${review.name}`}
        >
          {review.hidden ? "Show" : "Hide"}
        </button>
      </Form>
      <ConfirmButton
        intent="delete"
        fields={fields}
        className="btn border border-red-300 bg-white px-3 py-1 text-xs text-red-700 hover:bg-red-50"
        label={`Delete the review by ${review.name}`}
      >
        Delete
      </ConfirmButton>
    </div>
  );
}

/** A held review is approved or rejected first; plain forms, so JavaScript is not needed. */
function HeldActions({ review }: { review: ActionReview }) {
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="decision" />
      <input type="hidden" name="productId" value={review.productId} />
      <input type="hidden" name="reviewId" value={review.id} />
      <button type="submit" name="decision" value="approve" className="btn-primary px-3 py-1 text-xs" aria-label={`Approve the review by ${review.name}`}>
        Approve
      </button>
      <button
        type="submit"
        name="decision"
        value="reject"
        className="btn border border-red-300 bg-white px-3 py-1 text-xs text-red-700 hover:bg-red-50"
        aria-label={`Reject the review by ${review.name}`}
      >
        Reject
      </button>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && data.page > 1 ? `Reviews (page ${data.page}) — Admin — TanaBana` : "Reviews — Admin — TanaBana" },
];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
