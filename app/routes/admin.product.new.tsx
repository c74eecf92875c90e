import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import type { ProductDraft } from "~/components/admin/product-draft";
import { ProductEditor } from "~/components/admin/ProductEditor";
import { requireAdmin } from "~/web/guards.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { DEFAULT_CATEGORY_ID, listCategories } from "~/models/catalogue/category.server";
import { createProduct } from "~/models/catalogue/product-admin.server";
import { PLACEHOLDER_IMAGE } from "~/models/catalogue/publishing";
import { loadAdminData } from "~/web/admin.server";
import { productEditorAction } from "~/web/product-editor.server";

// /admin/product/new: "Create Product" opens a blank editor, and the product
// exists only once the admin saves it (as in Shopify's admin), so leaving the
// page leaves no "Sample name" draft behind. POST /api/products still makes
// the spec's sample draft.

/** What a new product starts from: nothing typed, the placeholder picture, a draft. */
const BLANK: ProductDraft = {
  name: "",
  nameBn: "",
  price: "",
  brand: "",
  categoryId: String(DEFAULT_CATEGORY_ID),
  description: "",
  descriptionBn: "",
  image: PLACEHOLDER_IMAGE,
  additionalImages: [],
  sizes: [],
  status: "draft",
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ draft: BLANK, categories: await loadAdminData(() => listCategories()) });
}

/** Creates the product on Save (createProduct: a draft, or published if it is ready) and opens its editor. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return productEditorAction(
    request,
    admin,
    async (input) => {
      const product = await createProduct(admin, input);
      const message = product.status === "active" ? `Product created and published` : "Product created as a draft";
      return redirectWithToast(`/admin/product/${product.id}/edit`, message, { session: await getSession(request) });
    },
    "Error creating product",
  );
}

export default function NewProduct() {
  const { draft, categories } = useLoaderData<typeof loader>();
  return <ProductEditor stored={draft} categories={categories} title="New Product" saveLabel="Save" />;
}

export const meta: MetaFunction = () => [{ title: "New product — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary back={{ to: "/admin/productlist", label: "Back to products" }} />;
}
