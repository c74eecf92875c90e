import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader, AdminTable } from "~/components/admin/AdminHeader";
import { AdminTableHead, RowActions } from "~/components/admin/RowActions";
import { AdminSearch } from "~/components/admin/AdminSearch";
import { StockChips } from "~/components/admin/StockChips";
import { askToConfirm, ListActionResult, type ListActionData } from "~/components/admin/Confirm";
import { Pagination } from "~/components/catalogue/Pagination";
import { ProductImage } from "~/components/product/ProductImage";
import { requireAdmin } from "~/web/guards.server";
import { ServiceError } from "~/models/platform/errors.server";
import { listAdminProducts } from "~/models/catalogue/product-admin.server";
import { deleteProduct, getProduct, setProductStatus } from "~/models/catalogue/product.server";
import { PRODUCT_STATUSES, type ProductStatus } from "~/schemas/product";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { PRODUCT_SORTS, type ProductSort } from "~/schemas/product-sort";
import { adminWrite, loadAdminData, toId } from "~/web/admin.server";
import { formatTaka } from "~/utils/money";
import { ADMIN_PAGE_SIZE, parsePageNumber } from "~/utils/paging";

// Serves /admin/productlist and /admin/productlist/{pageNumber} (a second route in remix.config.js).

const SORT_LABELS: Record<ProductSort, string> = { id: "By ID", "stock-asc": "Least stock first", "stock-desc": "Most stock first" };
const STATUS_LABELS: Record<"all" | ProductStatus, string> = { all: "All", draft: "Drafts", active: "Active" };

type ListQuery = { keyword: string; sort: ProductSort; status?: ProductStatus };

function pageHref(n: number, { keyword, sort, status }: ListQuery) {
  const params = new URLSearchParams();
  if (keyword) params.set("keyword", keyword);
  if (sort !== "id") params.set("sort", sort);
  if (status) params.set("status", status);
  const query = params.size > 0 ? `?${params}` : "";
  return `${n === 1 ? "/admin/productlist" : `/admin/productlist/${n}`}${query}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = parsePageNumber(params.pageNumber);
  const query = listQuery(request);
  const list = await loadAdminData(() => listAdminProducts({ ...query, page, pageSize: ADMIN_PAGE_SIZE }));
  // A stale link past the end (say, after deleting the last product of the last page) shows the last page.
  if (page > list.pages) throw redirect(pageHref(list.pages, query));
  return json({ ...list, ...query, status: query.status ?? null });
}

function listQuery(request: Request): ListQuery {
  const params = new URL(request.url).searchParams;
  // An unknown ?sort= lists by id, an unknown ?status= lists all, rather than failing.
  const sort: ProductSort = PRODUCT_SORTS.find((s) => s === params.get("sort")) ?? "id";
  const status = PRODUCT_STATUSES.find((s) => s === params.get("status"));
  return { keyword: params.get("keyword")?.trim() ?? "", sort, status };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const session = await getSession(request);
  const page = parsePageNumber(params.pageNumber);
  const query = listQuery(request);

  const id = toId(formData.get("id"));
  if (intent === "publish" && id) {
    return adminWrite(async () => {
      try {
        const product = await setProductStatus(admin, id, "active");
        return redirectWithToast(pageHref(page, query), `Published “${product.name}”`, { session });
      } catch (error) {
        // Not ready to go on sale: say why, and offer the editor to fix it.
        if (!(error instanceof ServiceError) || error.status !== 400) throw error;
        const fix = { to: `/admin/product/${id}/edit`, label: "Edit the product" };
        return json<ListActionData>({ formError: error.message, fix }, { status: 400 });
      }
    }, "Error publishing product");
  }
  if (intent !== "delete" || !id) return json<ListActionData>({ formError: "Unknown action" }, { status: 400 });
  return adminWrite(async () => {
    const confirm = askToConfirm(formData, {
      intent: "delete",
      fields: { id: String(id) },
      detail: `Delete “${(await getProduct(id, { drafts: true })).name}”? Past orders keep their copy of it.`,
      confirmLabel: "Yes, delete product",
    });
    if (confirm) return json<ListActionData>({ confirm });
    await deleteProduct(admin, id);
    // Back to the admin's page, or to the new last one if that page is gone
    // (not via the loader's redirect: a second redirect would drop the toast).
    const { pages } = await listAdminProducts({ ...query, sort: "id", page: 1, pageSize: ADMIN_PAGE_SIZE });
    return redirectWithToast(pageHref(Math.min(page, pages), query), "Product deleted", { session });
  }, "Error deleting product");
}

export default function ProductList() {
  const { products, page, pages, keyword, sort, status: shown } = useLoaderData<typeof loader>();
  const status = shown ?? undefined;
  const actionData = useActionData<ListActionData>();
  return (
    <section>
      <AdminHeader title="Products">
        <AdminSearch
          action="/admin/productlist"
          label="Search by name or brand"
          placeholder="Name or brand"
          keyword={keyword}
          keep={{ ...(sort === "id" ? {} : { sort }), ...(status ? { status } : {}) }}
        />
        {/* A blank editor: the product is made when it is saved, so nothing needs confirming here. */}
        <Link to="/admin/product/new" className="btn-primary">
          + Create Product
        </Link>
      </AdminHeader>
      <ListActionResult data={actionData} />
      <nav aria-label="Show products" className="mb-2 flex flex-wrap gap-2">
        {(["all", ...PRODUCT_STATUSES] as const).map((s) => (
          <Link
            key={s}
            to={pageHref(1, { keyword, sort, status: s === "all" ? undefined : s })}
            aria-current={s === (status ?? "all") ? "true" : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${
              s === (status ?? "all") ? "border-brand-600 bg-brand-600 text-white" : "border-stone-300 bg-white hover:bg-stone-100"
            }`}
          >
            {STATUS_LABELS[s]}
          </Link>
        ))}
      </nav>
      <nav aria-label="Sort products" className="mb-4 flex flex-wrap gap-2">
        {PRODUCT_SORTS.map((s) => (
          <Link
            key={s}
            to={pageHref(1, { keyword, sort: s, status })}
            aria-current={s === sort ? "true" : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${
              s === sort ? "border-brand-600 bg-brand-600 text-white" : "border-stone-300 bg-white hover:bg-stone-100"
            }`}
          >
            {SORT_LABELS[s]}
          </Link>
        ))}
      </nav>
      {products.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">No products found</p>
      ) : (
        <AdminTable>
          {/* What an owner scans for comes first, so it stays on a phone screen: name, stock, price. */}
          <AdminTableHead columns={["Name", "Stock", "Price", "ID", "Category", "Brand"]} />
          <tbody className="divide-y divide-stone-100">
            {products.map((p) => (
              <tr key={p.id}>
                <td>
                  <div className="flex min-w-[12rem] max-w-xs items-center gap-3">
                    <ProductImage url={p.image} alt="" sizes="48px" className="h-12 w-12 shrink-0 rounded border border-stone-200 bg-stone-50 object-contain" />
                    <span className="line-clamp-2 whitespace-normal">{p.name}</span>
                  </div>
                  {p.status === "draft" ? (
                    <div className="mt-1 flex items-center gap-2">
                      <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Draft</span>
                      <Form method="post">
                        <input type="hidden" name="id" value={p.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="publish"
                          className="text-xs font-semibold text-brand-700 underline"
                          aria-label={`Publish ${p.name}`}
                        >
                          Publish
                        </button>
                      </Form>
                    </div>
                  ) : null}
                </td>
                <td>
                  <StockChips sizes={p.sizes} />
                </td>
                <td>
                  {formatTaka(p.originalPrice)}
                  {p.discountPercentage > 0 ? (
                    <span className="mt-0.5 block text-xs font-semibold text-red-700">
                      −{p.discountPercentage}% now {formatTaka(p.price)}
                    </span>
                  ) : null}
                </td>
                <td className="font-mono text-xs">{p.id}</td>
                <td>{p.category.name}</td>
                <td>{p.brand}</td>
                <td>
                  <RowActions editTo={`/admin/product/${p.id}/edit`} id={p.id} name={p.name} />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} href={(n) => pageHref(n, { keyword, sort, status })} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && data.page > 1 ? `Products (page ${data.page}) — Admin — TanaBana` : "Products — Admin — TanaBana" },
];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
