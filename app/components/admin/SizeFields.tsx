import { useState } from "react";

import { FieldErrors } from "./FormErrors";
import { addSize, type DraftErrors, type ProductDraft } from "./product-draft";

type Props = {
  draft: ProductDraft;
  errors: DraftErrors;
  hydrated: boolean;
  onChange: (update: (d: ProductDraft) => ProductDraft) => void;
  /** A refused new size comes back from the server (JavaScript off) to be corrected. */
  pending?: { size: string; quantity: string } | null;
};

/**
 * Sizes with their stock: edit in place, remove, and add new ones (a size
 * already listed is refused). Without JavaScript "Add size" and "Remove" post
 * the form with their intent; a size left in the new-size row is added on save.
 */
export function SizeFields({ draft, errors, hydrated, onChange, pending }: Props) {
  const [newSize, setNewSize] = useState(pending?.size ?? "");
  const [newQuantity, setNewQuantity] = useState(pending?.quantity ?? "");
  const [addErrors, setAddErrors] = useState<DraftErrors | null>(null);
  const shownAddErrors = addErrors ?? errors;

  function update(i: number, key: "size" | "quantity", value: string) {
    onChange((d) => ({ ...d, sizes: d.sizes.map((s, j) => (j === i ? { ...s, [key]: value } : s)) }));
  }

  return (
    <fieldset className="space-y-3">
      <legend className="label">Sizes and stock</legend>
      {draft.sizes.length ? (
        <table className="w-full max-w-md text-sm">
          <thead>
            <tr className="text-left text-stone-600">
              <th className="pb-1 font-semibold">Size</th>
              <th className="pb-1 font-semibold">Quantity</th>
              <th>
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {draft.sizes.map((s, i) => {
              const sizeName = `sizes[${i}].size`;
              const qtyName = `sizes[${i}].quantity`;
              const sizeErrors = errors[sizeName];
              const qtyErrors = errors[qtyName];
              return (
                <tr key={i} className="align-top">
                  <td className="py-1 pr-2">
                    <input
                      name={sizeName}
                      value={s.size}
                      onChange={(e) => update(i, "size", e.target.value)}
                      aria-label={`Size ${i + 1}`}
                      aria-invalid={sizeErrors?.length ? true : undefined}
                      aria-describedby={sizeErrors?.length ? `size-${i}-error` : undefined}
                      className="input"
                    />
                    <FieldErrors id={`size-${i}-error`} errors={sizeErrors} />
                  </td>
                  <td className="py-1 pr-2">
                    <input
                      name={qtyName}
                      type="number"
                      min={0}
                      step={1}
                      value={s.quantity}
                      onChange={(e) => update(i, "quantity", e.target.value)}
                      aria-label={`Quantity of size ${s.size || i + 1}`}
                      aria-invalid={qtyErrors?.length ? true : undefined}
                      aria-describedby={qtyErrors?.length ? `quantity-${i}-error` : undefined}
                      className="input w-28"
                    />
                    <FieldErrors id={`quantity-${i}-error`} errors={qtyErrors} />
                  </td>
                  <td className="py-1">
                    <button
                      type="submit"
                      name="intent"
                      value={`size-remove:${i}`}
                      aria-label={`Remove size ${s.size || i + 1}`}
                      onClick={(event) => {
                        if (!hydrated) return;
                        event.preventDefault();
                        onChange((d) => ({ ...d, sizes: d.sizes.filter((_, j) => j !== i) }));
                      }}
                      className="btn-secondary px-3 py-1.5 text-xs"
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-stone-500">No sizes yet: shoppers cannot buy this product until one has stock.</p>
      )}
      <FieldErrors id="sizes-error" errors={errors.sizes} />

      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="newSize" className="text-sm text-stone-700">
            New size
          </label>
          <input
            id="newSize"
            name="newSize"
            value={newSize}
            onChange={(e) => setNewSize(e.target.value)}
            placeholder="e.g. XL or 42"
            aria-invalid={shownAddErrors.newSize?.length ? true : undefined}
            aria-describedby={shownAddErrors.newSize?.length ? "newSize-error" : undefined}
            className="input w-36"
          />
        </div>
        <div>
          <label htmlFor="newQuantity" className="text-sm text-stone-700">
            Quantity
          </label>
          <input
            id="newQuantity"
            name="newQuantity"
            type="number"
            min={0}
            step={1}
            value={newQuantity}
            onChange={(e) => setNewQuantity(e.target.value)}
            aria-invalid={shownAddErrors.newQuantity?.length ? true : undefined}
            aria-describedby={shownAddErrors.newQuantity?.length ? "newQuantity-error" : undefined}
            className="input w-28"
          />
        </div>
        <button
          type="submit"
          name="intent"
          value="size-add"
          className="btn-secondary"
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            const result = addSize(draft, newSize, newQuantity);
            setAddErrors(result.errors);
            if (Object.keys(result.errors).length) return;
            onChange(() => result.draft);
            setNewSize("");
            setNewQuantity("");
          }}
        >
          Add size
        </button>
      </div>
      <FieldErrors id="newSize-error" errors={shownAddErrors.newSize} />
      <FieldErrors id="newQuantity-error" errors={shownAddErrors.newQuantity} />
    </fieldset>
  );
}
