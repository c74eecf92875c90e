import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { draftFromProduct } from "~/components/admin/product-draft";
import { ProductEditor } from "~/components/admin/ProductEditor";
import { requireAdmin } from "~/web/guards.server";
import { listCategories } from "~/models/catalogue/category.server";
import { notFound } from "~/models/platform/errors.server";
import { getProduct, updateProduct } from "~/models/catalogue/product.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { loadAdminData, toId } from "~/web/admin.server";
import { productEditorAction } from "~/web/product-editor.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(
    await loadAdminData(async () => {
      const id = toId(params.id);
      if (!id) throw notFound("Product");
      const [product, categories] = await Promise.all([getProduct(id, { drafts: true }), listCategories()]);
      return { id: product.id, draft: draftFromProduct(product), categories };
    }),
  );
}

/** Saves the product (updateProduct: publishing with Status Active is checked there) and goes back to the list. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = toId(params.id);
  if (!id) throw json({ message: "Product not found" }, { status: 404 });
  return productEditorAction(
    request,
    admin,
    async (input) => {
      await updateProduct(admin, id, input);
      return redirectWithToast("/admin/productlist", "Product updated", { session: await getSession(request) });
    },
    "Error updating product",
  );
}

export default function EditProduct() {
  const { id, draft, categories } = useLoaderData<typeof loader>();
  return <ProductEditor stored={draft} categories={categories} title="Edit Product" saveLabel="Update" id={id} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.draft.name} — Admin — TanaBana` : "Edit product — Admin — TanaBana" },
];

export function ErrorBoundary() {
  return <AdminErrorBoundary back={{ to: "/admin/productlist", label: "Back to products" }} />;
}
