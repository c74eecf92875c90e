import { useState, type ChangeEvent } from "react";

import { imageSrcSet } from "~/utils/image-url";

import { FieldErrors } from "./FormErrors";
import { canAddImages, MAX_ADDITIONAL_IMAGES, type DraftErrors, type ProductDraft } from "./product-draft";
import { IMAGE_ACCEPT, uploadImage } from "./upload-client";

type Props = {
  draft: ProductDraft;
  errors: DraftErrors;
  hydrated: boolean;
  /** Applies an editor intent locally (JavaScript on); see applyEdit. */
  onEdit: (intent: string) => void;
  onChange: (update: (d: ProductDraft) => ProductDraft) => void;
};

/**
 * Main image with preview, and up to 4 additional images to reorder and
 * remove. With JavaScript a chosen file uploads at once; without, the "Upload"
 * buttons post the form with the file and the page comes back with it added.
 */
export function ProductImageFields({ draft, errors, hydrated, onEdit, onChange }: Props) {
  const [busy, setBusy] = useState<"main" | "extra" | null>(null);
  const [localErrors, setLocalErrors] = useState<{ image?: string; extra?: string }>({});
  const imageErrors = localErrors.image ? [localErrors.image] : errors.image;
  const extraErrors = localErrors.extra ? [localErrors.extra] : errors.additionalImages;
  const full = draft.additionalImages.length >= MAX_ADDITIONAL_IMAGES;

  async function onMainFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy("main");
    setLocalErrors((e) => ({ ...e, image: undefined }));
    try {
      const url = await uploadImage(file);
      onChange((d) => ({ ...d, image: url }));
    } catch (error) {
      setLocalErrors((e) => ({ ...e, image: (error as Error).message }));
    } finally {
      input.value = "";
      setBusy(null);
    }
  }

  async function onExtraFiles(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    if (!files.length) return;
    const tooMany = canAddImages(draft, files.length);
    if (tooMany) {
      setLocalErrors((e) => ({ ...e, extra: tooMany }));
      input.value = "";
      return;
    }
    setBusy("extra");
    setLocalErrors((e) => ({ ...e, extra: undefined }));
    try {
      for (const file of files) {
        const url = await uploadImage(file);
        onChange((d) => ({ ...d, additionalImages: [...d.additionalImages, url] }));
      }
    } catch (error) {
      setLocalErrors((e) => ({ ...e, extra: (error as Error).message }));
    } finally {
      input.value = "";
      setBusy(null);
    }
  }

  const edit = (intent: string) => (event: { preventDefault: () => void }) => {
    if (!hydrated) return; // no JavaScript: the button posts its intent
    event.preventDefault();
    setLocalErrors({});
    onEdit(intent);
  };

  return (
    <>
      <fieldset className="space-y-3">
        <legend className="label">Main image</legend>
        <input type="hidden" name="image" value={draft.image} />
        <div className="flex flex-wrap items-end gap-4">
          <Thumb url={draft.image} alt="Main image preview" large />
          <div className="space-y-2">
            <label htmlFor="imageFile" className="text-sm text-stone-700">
              Choose a new main image (JPEG, PNG, WebP or GIF, at most 5 MB)
            </label>
            <input
              id="imageFile"
              name="imageFile"
              type="file"
              accept={IMAGE_ACCEPT}
              onChange={hydrated ? onMainFile : undefined}
              aria-invalid={imageErrors?.length ? true : undefined}
              aria-describedby={imageErrors?.length ? "image-error" : undefined}
              className="block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-stone-200 file:px-3 file:py-1.5 file:text-sm"
            />
            {hydrated ? null : (
              <button type="submit" name="intent" value="upload-main" className="btn-secondary px-3 py-1 text-xs">
                Upload main image
              </button>
            )}
            {busy === "main" ? (
              <p role="status" className="text-sm text-stone-600">
                Uploading…
              </p>
            ) : null}
          </div>
        </div>
        <FieldErrors id="image-error" errors={imageErrors} />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="label">
          Additional images ({draft.additionalImages.length}/{MAX_ADDITIONAL_IMAGES})
        </legend>
        {draft.additionalImages.length ? (
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {draft.additionalImages.map((url, i) => (
              <li key={`${url}-${i}`} className="rounded-md border border-stone-200 p-2">
                <input type="hidden" name={`additionalImages[${i}]`} value={url} />
                <Thumb url={url} alt={`Additional image ${i + 1}`} />
                <div className="mt-2 flex justify-between gap-1">
                  <SmallButton intent={`image-left:${i}`} label={`Move image ${i + 1} left`} disabled={i === 0} onClick={edit(`image-left:${i}`)}>
                    ←
                  </SmallButton>
                  <SmallButton intent={`image-remove:${i}`} label={`Remove image ${i + 1}`} onClick={edit(`image-remove:${i}`)}>
                    ✕
                  </SmallButton>
                  <SmallButton
                    intent={`image-right:${i}`}
                    label={`Move image ${i + 1} right`}
                    disabled={i === draft.additionalImages.length - 1}
                    onClick={edit(`image-right:${i}`)}
                  >
                    →
                  </SmallButton>
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-stone-500">No additional images yet.</p>
        )}
        <div className="space-y-2">
          <label htmlFor="additionalFiles" className="block text-sm text-stone-700">
            Add additional images (up to {MAX_ADDITIONAL_IMAGES} in all)
          </label>
          <input
            id="additionalFiles"
            name="additionalFiles"
            type="file"
            multiple
            accept={IMAGE_ACCEPT}
            disabled={hydrated && full}
            onChange={hydrated ? onExtraFiles : undefined}
            aria-invalid={extraErrors?.length ? true : undefined}
            aria-describedby={extraErrors?.length ? "additional-images-error" : undefined}
            className="block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-stone-200 file:px-3 file:py-1.5 file:text-sm"
          />
          {hydrated ? null : (
            <button type="submit" name="intent" value="upload-additional" className="btn-secondary px-3 py-1 text-xs">
              Upload additional images
            </button>
          )}
          {busy === "extra" ? (
            <p role="status" className="text-sm text-stone-600">
              Uploading…
            </p>
          ) : null}
        </div>
        <FieldErrors id="additional-images-error" errors={extraErrors} />
      </fieldset>
    </>
  );
}

function Thumb({ url, alt, large = false }: { url: string; alt: string; large?: boolean }) {
  const { src } = imageSrcSet(url);
  return (
    <img src={src} alt={alt} className={`${large ? "h-40 w-40" : "aspect-square w-full"} rounded-md border border-stone-200 bg-stone-50 object-contain`} />
  );
}

function SmallButton({
  intent,
  label,
  disabled,
  onClick,
  children,
}: {
  intent: string;
  label: string;
  disabled?: boolean;
  onClick: (event: { preventDefault: () => void }) => void;
  children: string;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="rounded border border-stone-300 px-2 py-0.5 text-sm hover:bg-stone-100 disabled:opacity-30"
    >
      {children}
    </button>
  );
}
