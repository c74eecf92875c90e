import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { FieldErrors, FormAlert } from "~/components/admin/FormErrors";
import { BanglaHint, RichTextField } from "~/components/admin/RichTextField";
import { ProductImageFields } from "~/components/admin/ProductImageFields";
import {
  addSize,
  applyEdit,
  canAddImages,
  draftFormData,
  draftFromProduct,
  readDraft,
  type DraftErrors,
  type ProductDraft,
} from "~/components/admin/product-draft";
import { SizeFields } from "~/components/admin/SizeFields";
import { requireAdmin } from "~/models/accounts/auth.server";
import { listCategories } from "~/models/catalogue/category.server";
import { notFound } from "~/models/platform/errors.server";
import { storeImage } from "~/models/catalogue/image.server";
import { getProduct, updateProduct } from "~/models/catalogue/product.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { MAX_ADDITIONAL_IMAGES, productInputSchema } from "~/schemas/product";
import { describeFailure, loadAdminData, toId } from "~/utils/admin.server";
import { fileBuffer, filesOf, isMultipart, readImageForm } from "~/utils/multipart.server";
import { useHydrated } from "~/utils/use-hydrated";

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

type ActionData = { draft: ProductDraft | null; errors: DraftErrors; pending?: { size: string; quantity: string } | null };

const hasErrors = (errors: DraftErrors) => Object.values(errors).some((list) => list.length > 0);

/** Stores uploaded files; a refused one becomes an error on its field instead of failing the post. */
async function storeAll(files: File[], errors: DraftErrors, field: string): Promise<string[]> {
  const urls: string[] = [];
  for (const file of files) {
    try {
      urls.push((await storeImage(await fileBuffer(file))).url);
    } catch (error) {
      errors[field] = [describeFailure(error, "Error uploading image").message];
      break;
    }
  }
  return urls;
}

/**
 * One form, several intents. "save" (also the default) uploads any chosen
 * files, validates with the product schema and saves. The other buttons
 * (without JavaScript) upload or rearrange and send the unsaved draft back.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = toId(params.id);
  if (!id) throw json({ message: "Product not found" }, { status: 404 });
  let fd: FormData;
  let droppedFiles = 0;
  try {
    if (isMultipart(request)) {
      const read = await readImageForm(request, {
        fileFields: ["imageFile", "additionalFiles"],
        maxFiles: 1 + MAX_ADDITIONAL_IMAGES,
      });
      fd = read.formData;
      droppedFiles = read.droppedFiles;
    } else fd = await request.formData();
  } catch (error) {
    // The body could not be read (e.g. over 5 MB), so the draft is lost: show the stored product.
    const failure = describeFailure(error, "Error uploading image");
    return json<ActionData>({ draft: null, errors: { "": [failure.message] } }, { status: failure.status });
  }
  const intent = String(fd.get("intent") ?? "save");
  let draft = readDraft(fd);
  const errors: DraftErrors = {};
  const pending = { size: String(fd.get("newSize") ?? ""), quantity: String(fd.get("newQuantity") ?? "") };

  if (intent === "save" || intent === "upload-main") {
    const [file] = filesOf(fd, "imageFile");
    if (file) draft.image = (await storeAll([file], errors, "image"))[0] ?? draft.image;
    else if (intent === "upload-main") errors.image = ["Choose an image to upload"];
  }
  if (intent === "save" || intent === "upload-additional") {
    const files = filesOf(fd, "additionalFiles");
    const tooMany = canAddImages(draft, files.length + droppedFiles);
    if (tooMany) errors.additionalImages = [tooMany];
    else draft.additionalImages.push(...(await storeAll(files, errors, "additionalImages")));
    if (!files.length && intent === "upload-additional") errors.additionalImages = ["Choose images to upload"];
  }

  if (intent !== "save") {
    const edited = applyEdit(draft, intent, pending.size, pending.quantity);
    Object.assign(errors, edited.errors);
    const keepPending = intent === "size-add" && hasErrors(edited.errors);
    return json<ActionData>(
      { draft: edited.draft, errors, pending: keepPending ? pending : null },
      { status: hasErrors(errors) ? 400 : 200 },
    );
  }

  if (pending.size.trim()) {
    const added = addSize(draft, pending.size, pending.quantity);
    Object.assign(errors, added.errors);
    draft = added.draft;
  }
  if (!hasErrors(errors)) {
    const submission = parseWithZod(draftFormData(draft), { schema: productInputSchema });
    if (submission.status === "success") {
      try {
        await updateProduct(id, submission.value);
        return redirectWithToast("/admin/productlist", "Product updated", { session: await getSession(request) });
      } catch (error) {
        const failure = describeFailure(error, "Error updating product");
        return json<ActionData>({ draft, errors: { ...failure.fieldErrors, "": [failure.message] } }, { status: failure.status });
      }
    }
    for (const [key, list] of Object.entries(submission.error ?? {})) if (list?.length) errors[key] = list;
  }
  return json<ActionData>({ draft, errors, pending: hasErrors(errors) && pending.size.trim() ? pending : null }, { status: 400 });
}

export default function EditProduct() {
  const { id, draft: stored, categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const hydrated = useHydrated();
  const saving = useNavigation().state === "submitting";
  const [draft, setDraft] = useState<ProductDraft>(actionData?.draft ?? stored);
  const [clientErrors, setClientErrors] = useState<DraftErrors | null>(null);

  // A failed save (JavaScript on) answers with the draft as the server saw it.
  useEffect(() => {
    if (actionData?.draft) setDraft(actionData.draft);
    setClientErrors(null);
  }, [actionData]);

  const errors: DraftErrors = clientErrors ?? actionData?.errors ?? {};
  const bnHint = (name: string) => [`product-${name}-hint`, errors[name]?.length ? `product-${name}-error` : ""].filter(Boolean).join(" ");
  const fieldProps = (name: "name" | "nameBn" | "price" | "brand" | "categoryId" | "status") => ({
    id: `product-${name}`,
    name,
    "aria-invalid": errors[name]?.length ? true : undefined,
    "aria-describedby": errors[name]?.length ? `product-${name}-error` : undefined,
  });

  /** Client-side check with the same schema; the server checks again. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value && submitter.value !== "save") return;
    const fd = new FormData(event.currentTarget);
    const found: DraftErrors = {};
    const newSize = String(fd.get("newSize") ?? "");
    if (newSize.trim()) Object.assign(found, addSize(readDraft(fd), newSize, String(fd.get("newQuantity") ?? "")).errors);
    const submission = parseWithZod(draftFormData(readDraft(fd)), { schema: productInputSchema });
    if (submission.status !== "success") {
      for (const [key, list] of Object.entries(submission.error ?? {})) if (list?.length) found[key] = list;
    }
    if (hasErrors(found)) {
      event.preventDefault();
      setClientErrors(found);
    } else setClientErrors(null);
  }

  return (
    <section className="mx-auto max-w-3xl">
      <Link to="/admin/productlist" className="text-sm text-brand-700 hover:underline">
        ← Back to products
      </Link>
      <Form method="post" encType="multipart/form-data" noValidate onSubmit={onSubmit} className="mt-3 space-y-6">
        {/* First submit button in the form, so Enter in a text field saves. */}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight">Edit Product</h1>
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={saving}>
            {saving ? "Saving…" : "Update"}
          </button>
        </div>
        <FormAlert errors={errors[""]} />
        <div className="card grid gap-5 p-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <label htmlFor="product-name" className="label">Name</label>
            <input {...fieldProps("name")} defaultValue={draft.name} className="input" />
            <FieldErrors id="product-name-error" errors={errors.name} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="product-nameBn" className="label">Name (Bangla)</label>
            <input {...fieldProps("nameBn")} lang="bn" defaultValue={draft.nameBn} className="input" aria-describedby={bnHint("nameBn")} />
            <BanglaHint id="product-nameBn-hint" />
            <FieldErrors id="product-nameBn-error" errors={errors.nameBn} />
          </div>
          <div>
            <label htmlFor="product-price" className="label">Price (৳)</label>
            <input {...fieldProps("price")} type="number" min={0} step="0.01" defaultValue={draft.price} className="input" />
            <FieldErrors id="product-price-error" errors={errors.price} />
          </div>
          <div>
            <label htmlFor="product-brand" className="label">Brand</label>
            <input {...fieldProps("brand")} defaultValue={draft.brand} className="input" />
            <FieldErrors id="product-brand-error" errors={errors.brand} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="product-categoryId" className="label">Category</label>
            <select {...fieldProps("categoryId")} defaultValue={draft.categoryId} className="input">
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <FieldErrors id="product-categoryId-error" errors={errors.categoryId} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="product-status" className="label">Status</label>
            <select
              {...fieldProps("status")}
              aria-describedby={errors.status?.length ? "product-status-hint product-status-error" : "product-status-hint"}
              defaultValue={draft.status}
              className="input"
            >
              <option value="draft">Draft: only admins see it</option>
              <option value="active">Active: on sale to shoppers</option>
            </select>
            <p id="product-status-hint" className="mt-1 text-xs text-stone-500">
              A new product starts as a draft. Choose Active and save to publish it.
            </p>
            <FieldErrors id="product-status-error" errors={errors.status} />
          </div>
          <RichTextField
            className="sm:col-span-2"
            id="product-description"
            name="description"
            label="Description"
            defaultValue={draft.description}
            errors={errors.description}
            errorId="product-description-error"
          />
          <RichTextField
            className="sm:col-span-2"
            id="product-descriptionBn"
            name="descriptionBn"
            label="Description (Bangla)"
            lang="bn"
            defaultValue={draft.descriptionBn}
            errors={errors.descriptionBn}
            errorId="product-descriptionBn-error"
          />
        </div>
        <div className="card space-y-6 p-5">
          <ProductImageFields
            draft={draft}
            errors={errors}
            hydrated={hydrated}
            onChange={setDraft}
            onEdit={(intent) => setDraft((d) => applyEdit(d, intent).draft)}
          />
        </div>
        <div className="card p-5">
          <SizeFields
            key={JSON.stringify(actionData?.pending ?? null)}
            draft={draft}
            errors={errors}
            hydrated={hydrated}
            onChange={setDraft}
            pending={actionData?.pending}
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={saving}>
            {saving ? "Saving…" : "Update"}
          </button>
          <Link to="/admin/productlist" className="btn-secondary">
            Cancel
          </Link>
        </div>
        <p className="text-xs text-stone-500">Product #{id}</p>
      </Form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.draft.name} — Admin — TanaBana` : "Edit product — Admin — TanaBana" },
];

export function ErrorBoundary() {
  return <AdminErrorBoundary back={{ to: "/admin/productlist", label: "Back to products" }} />;
}
