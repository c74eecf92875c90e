import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader, AdminTable } from "~/components/admin/AdminHeader";
import { AdminTableHead, RowActions } from "~/components/admin/RowActions";
import { AdminSearch } from "~/components/admin/AdminSearch";
import { askToConfirm, ConfirmButton, ListActionResult, type ListActionData } from "~/components/admin/Confirm";
import { Pagination } from "~/components/Pagination";
import { requireAdmin } from "~/models/auth.server";
import { createSampleProduct, deleteProduct, getProduct, listProducts } from "~/models/product.server";
import { getSession, redirectWithToast } from "~/models/session.server";
import { adminWrite, loadAdminData, toId } from "~/utils/admin.server";
import { formatTaka } from "~/utils/money";
import { ADMIN_PAGE_SIZE, parsePageNumber } from "~/utils/paging";

// Serves /admin/productlist and (re-exported) /admin/productlist/{pageNumber}.

function pageHref(n: number, keyword = "") {
  const query = keyword ? `?${new URLSearchParams({ keyword })}` : "";
  return `${n === 1 ? "/admin/productlist" : `/admin/productlist/${n}`}${query}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = parsePageNumber(params.pageNumber);
  const keyword = new URL(request.url).searchParams.get("keyword")?.trim() ?? "";
  const list = await loadAdminData(() => listProducts({ keyword, page, pageSize: ADMIN_PAGE_SIZE }));
  // A stale link past the end (say, after deleting the last product of the last page) shows the last page.
  if (page > list.pages) throw redirect(pageHref(list.pages, keyword));
  return json({ ...list, keyword });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const session = await getSession(request);
  const page = parsePageNumber(params.pageNumber);
  const keyword = new URL(request.url).searchParams.get("keyword")?.trim() ?? "";

  if (intent === "create") {
    return adminWrite(async () => {
      const confirm = askToConfirm(formData, {
        intent: "create",
        detail: "A sample product will be created and opened for editing.",
        confirmLabel: "Yes, create product",
      });
      if (confirm) return json<ListActionData>({ confirm });
      const product = await createSampleProduct();
      return redirect(`/admin/product/${product.id}/edit`);
    }, "Error creating product");
  }

  const id = toId(formData.get("id"));
  if (intent !== "delete" || !id) return json<ListActionData>({ formError: "Unknown action" }, { status: 400 });
  return adminWrite(async () => {
    const confirm = askToConfirm(formData, {
      intent: "delete",
      fields: { id: String(id) },
      detail: `Delete “${(await getProduct(id)).name}”? Past orders keep their copy of it.`,
      confirmLabel: "Yes, delete product",
    });
    if (confirm) return json<ListActionData>({ confirm });
    await deleteProduct(id);
    // Back to the admin's page, or to the new last one if that page is gone
    // (not via the loader's redirect: a second redirect would drop the toast).
    const { pages } = await listProducts({ keyword, page: 1, pageSize: ADMIN_PAGE_SIZE });
    return redirectWithToast(pageHref(Math.min(page, pages), keyword), "Product deleted", { session });
  }, "Error deleting product");
}

export default function ProductList() {
  const { products, page, pages, keyword } = useLoaderData<typeof loader>();
  const actionData = useActionData<ListActionData>();
  return (
    <section>
      <AdminHeader title="Products">
        <AdminSearch action="/admin/productlist" label="Search by name or brand" placeholder="Name or brand" keyword={keyword} />
        <ConfirmButton intent="create" className="btn-primary">
          + Create Product
        </ConfirmButton>
      </AdminHeader>
      <ListActionResult data={actionData} />
      {products.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">No products found</p>
      ) : (
        <AdminTable>
          <AdminTableHead columns={["ID", "Name", "Price", "Category", "Brand"]} />
          <tbody className="divide-y divide-stone-100">
            {products.map((p) => (
              <tr key={p.id}>
                <td className="font-mono text-xs">{p.id}</td>
                <td className="max-w-xs truncate">{p.name}</td>
                <td>
                  {formatTaka(p.originalPrice)}
                  {p.discountPercentage > 0 ? (
                    <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-700">
                      −{p.discountPercentage}%
                    </span>
                  ) : null}
                </td>
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
      <Pagination page={page} pages={pages} href={(n) => pageHref(n, keyword)} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && data.page > 1 ? `Products (page ${data.page}) — Admin — TanaBana` : "Products — Admin — TanaBana" },
];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
