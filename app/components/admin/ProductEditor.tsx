import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";

import { withoutFixedPublishErrors } from "~/models/catalogue/publishing";
import { productInputSchema } from "~/schemas/product";
import { useHydrated } from "~/hooks/use-hydrated";

import { FieldErrors, FormAlert } from "./FormErrors";
import { addSize, applyEdit, draftFormData, readDraft, type DraftErrors, type ProductDraft, type ProductEditorActionData } from "./product-draft";
import { ProductImageFields } from "./ProductImageFields";
import { BanglaHint, RichTextField } from "./RichTextField";
import { SizeFields } from "./SizeFields";

// The product editor's form: the editor of a product and the blank one of a
// new product (routes admin.product.$id.edit and admin.product.new; their
// shared action is app/web/product-editor.server.ts).

const hasErrors = (errors: DraftErrors) => Object.values(errors).some((list) => list.length > 0);

export function ProductEditor({
  stored,
  categories,
  title,
  saveLabel,
  id,
}: {
  /** The product as stored, or the blank one a new product starts from. */
  stored: ProductDraft;
  categories: { id: number; name: string }[];
  title: string;
  saveLabel: string;
  /** Left out for a product not yet created. */
  id?: number;
}) {
  const actionData = useActionData<ProductEditorActionData>();
  const hydrated = useHydrated();
  const saving = useNavigation().state === "submitting";
  const [draft, setDraft] = useState<ProductDraft>(actionData?.draft ?? stored);
  const [clientErrors, setClientErrors] = useState<DraftErrors | null>(null);

  // A failed save (JavaScript on) answers with the draft as the server saw it.
  useEffect(() => {
    if (actionData?.draft) setDraft(actionData.draft);
    setClientErrors(null);
  }, [actionData]);

  // Name and price are plain inputs: kept as typed so a fixed publish error goes at once.
  const [typed, setTyped] = useState<{ name?: string; price?: string }>({});
  useEffect(() => setTyped({}), [actionData]);

  // A refused publish's errors go as each is fixed (an image uploaded, a size in stock added);
  // without JavaScript the next save checks again.
  const errors: DraftErrors = withoutFixedPublishErrors(clientErrors ?? actionData?.errors ?? {}, {
    name: typed.name ?? draft.name,
    pricePaisa: Math.round(Number(typed.price ?? draft.price) * 100) || 0,
    image: draft.image,
    sizes: draft.sizes.map((s) => ({ quantity: Number(s.quantity) || 0 })),
  });
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
      {id ? (
        <Link to={`/admin/product/${id}/variants`} className="ml-4 text-sm text-brand-700 hover:underline">
          Colours and stock by colour →
        </Link>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={onSubmit}
        onChange={(e) => {
          const field = e.target as HTMLInputElement;
          if (field.name === "name" || field.name === "price") setTyped((t) => ({ ...t, [field.name]: field.value }));
        }}
        className="mt-3 space-y-6"
      >
        {/* First submit button in the form, so Enter in a text field saves. */}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={saving}>
            {saving ? "Saving…" : saveLabel}
          </button>
        </div>
        <FormAlert errors={errors[""]} />
        <div className="card grid gap-5 p-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <label htmlFor="product-name" className="label">
              Name
            </label>
            <input {...fieldProps("name")} defaultValue={draft.name} className="input" />
            <FieldErrors id="product-name-error" errors={errors.name} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="product-nameBn" className="label">
              Name (Bangla)
            </label>
            <input {...fieldProps("nameBn")} lang="bn" defaultValue={draft.nameBn} className="input" aria-describedby={bnHint("nameBn")} />
            <BanglaHint id="product-nameBn-hint" />
            <FieldErrors id="product-nameBn-error" errors={errors.nameBn} />
          </div>
          <div>
            <label htmlFor="product-price" className="label">
              Price (৳)
            </label>
            <input {...fieldProps("price")} type="number" min={0} step="0.01" defaultValue={draft.price} className="input" />
            <FieldErrors id="product-price-error" errors={errors.price} />
          </div>
          <div>
            <label htmlFor="product-brand" className="label">
              Brand
            </label>
            <input {...fieldProps("brand")} defaultValue={draft.brand} className="input" />
            <FieldErrors id="product-brand-error" errors={errors.brand} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="product-categoryId" className="label">
              Category
            </label>
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
            <label htmlFor="product-status" className="label">
              Status
            </label>
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
              A new product starts as a draft. Choose Active and save to publish it: it then needs its own name, a price above ৳0, a size in stock and a main
              image of its own.
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
            {saving ? "Saving…" : saveLabel}
          </button>
          <Link to="/admin/productlist" className="btn-secondary">
            Cancel
          </Link>
        </div>
        {id ? <p className="text-xs text-stone-500">Product #{id}</p> : null}
      </Form>
    </section>
  );
}
