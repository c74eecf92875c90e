import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";

import { addSize, applyEdit, canAddImages, draftFormData, readDraft, type DraftErrors, type ProductEditorActionData } from "~/components/admin/product-draft";
import { uploadImage } from "~/models/catalogue/image.server";
import type { Actor } from "~/models/platform/permissions";
import { MAX_ADDITIONAL_IMAGES, productInputSchema, type ProductInput } from "~/schemas/product";

import { describeFailure } from "./admin.server";
import { fileBuffer, filesOf, isMultipart, readImageForm } from "./multipart.server";

// The product editor's action, shared by the editor of a product
// (/admin/product/{id}/edit) and the blank one that creates it on Save
// (/admin/product/new): only what Save does with a valid product differs.

const hasErrors = (errors: DraftErrors) => Object.values(errors).some((list) => list.length > 0);

/** Stores uploaded files; a refused one becomes an error on its field instead of failing the post. */
async function storeAll(actor: Actor, files: File[], errors: DraftErrors, field: string): Promise<string[]> {
  const urls: string[] = [];
  for (const file of files) {
    try {
      urls.push((await uploadImage(actor, await fileBuffer(file))).url);
    } catch (error) {
      errors[field] = [describeFailure(error, "Error uploading image").message];
      break;
    }
  }
  return urls;
}

/**
 * One form, several intents. "save" (also the default) uploads any chosen
 * files, validates with the product schema and calls `save`, whose refusal
 * (a ServiceError: a bad category, a product not ready to publish) shows on
 * the form. The other buttons (without JavaScript) upload or rearrange and
 * send the unsaved draft back.
 */
export async function productEditorAction(
  request: Request,
  actor: Actor,
  save: (input: ProductInput) => Promise<Response>,
  failedSave: string,
): Promise<Response> {
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
    return json<ProductEditorActionData>({ draft: null, errors: { "": [failure.message] } }, { status: failure.status });
  }
  const intent = String(fd.get("intent") ?? "save");
  let draft = readDraft(fd);
  const errors: DraftErrors = {};
  const pending = { size: String(fd.get("newSize") ?? ""), quantity: String(fd.get("newQuantity") ?? "") };

  if (intent === "save" || intent === "upload-main") {
    const [file] = filesOf(fd, "imageFile");
    if (file) draft.image = (await storeAll(actor, [file], errors, "image"))[0] ?? draft.image;
    else if (intent === "upload-main") errors.image = ["Choose an image to upload"];
  }
  if (intent === "save" || intent === "upload-additional") {
    const files = filesOf(fd, "additionalFiles");
    const tooMany = canAddImages(draft, files.length + droppedFiles);
    if (tooMany) errors.additionalImages = [tooMany];
    else draft.additionalImages.push(...(await storeAll(actor, files, errors, "additionalImages")));
    if (!files.length && intent === "upload-additional") errors.additionalImages = ["Choose images to upload"];
  }

  if (intent !== "save") {
    const edited = applyEdit(draft, intent, pending.size, pending.quantity);
    Object.assign(errors, edited.errors);
    const keepPending = intent === "size-add" && hasErrors(edited.errors);
    return json<ProductEditorActionData>({ draft: edited.draft, errors, pending: keepPending ? pending : null }, { status: hasErrors(errors) ? 400 : 200 });
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
        return await save(submission.value);
      } catch (error) {
        const failure = describeFailure(error, failedSave);
        return json<ProductEditorActionData>({ draft, errors: { ...failure.fieldErrors, "": [failure.message] } }, { status: failure.status });
      }
    }
    for (const [key, list] of Object.entries(submission.error ?? {})) if (list?.length) errors[key] = list;
  }
  return json<ProductEditorActionData>({ draft, errors, pending: hasErrors(errors) && pending.size.trim() ? pending : null }, { status: 400 });
}
