import { Form, useNavigation } from "@remix-run/react";

import type { VariantGrid } from "~/models/catalogue/variant-admin.server";

import { ConfirmButton, type ListActionData } from "./Confirm";
import { FieldErrors } from "./FormErrors";

export type VariantActionData = ListActionData & { form?: "grid" | "color" | "size"; errors?: Record<string, string[] | null>; typed?: Record<string, string> };

/**
 * The colour × size grid: a row per size, a column per colour (one "Stock" column for a product
 * without colours), one number per cell, saved together by one plain form post.
 */
export function StockGrid({ grid, data }: { grid: VariantGrid; data?: VariantActionData }) {
  const busy = useNavigation().state !== "idle";
  const columns = grid.colors.length ? grid.colors : [{ id: null, name: "Stock", hex: null, orderLines: 0 }];
  const cell = (size: string, colorId: number | null) => grid.cells.find((c) => c.size === size && c.colorId === colorId);
  let index = 0;
  const errors = data?.form === "grid" ? Object.values(data.errors ?? {}).flatMap((e) => e ?? []) : [];
  if (grid.sizes.length === 0) return <p className="card p-6 text-center text-stone-600">This product has no sizes yet: add them in the product editor.</p>;
  return (
    <div className="card p-4">
      <Form method="post" className="overflow-x-auto">
        <input type="hidden" name="intent" value="save-grid" />
        <table className="text-sm">
          <caption className="mb-2 text-left font-semibold">Stock by colour and size</caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 text-left">
                Size
              </th>
              {columns.map((c) => (
                <th key={c.id ?? "none"} scope="col" className="px-2 py-1 text-left">
                  <span className="flex items-center gap-2">
                    {c.hex ? (
                      <span className="inline-block h-4 w-4 rounded-full border border-stone-300" style={{ backgroundColor: c.hex }} aria-hidden />
                    ) : null}
                    {c.name}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.sizes.map((size) => (
              <tr key={size}>
                <th scope="row" className="px-2 py-1 text-left">
                  {size}
                </th>
                {columns.map((c) => {
                  const v = cell(size, c.id);
                  if (!v)
                    return (
                      <td key={c.id ?? "none"} className="px-2 py-1 text-stone-400">
                        —
                      </td>
                    );
                  const i = index++;
                  return (
                    <td key={c.id ?? "none"} className="px-2 py-1">
                      <input type="hidden" name={`cells[${i}].sku`} value={v.sku} />
                      <input
                        type="number"
                        name={`cells[${i}].quantity`}
                        defaultValue={v.quantity}
                        min={0}
                        max={100000}
                        required
                        aria-label={`${c.id === null ? "" : `${c.name} `}${size} stock`}
                        className="input w-24"
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <FieldErrors id="grid-errors" errors={errors} />
        <button type="submit" className="btn-primary mt-3" disabled={busy}>
          Save stock
        </button>
      </Form>
      {/* Each Remove is a form of its own, so it sits outside the grid's form. */}
      {grid.colors.length ? (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Colours">
          {grid.colors.map((c) => (
            <li key={c.id} className="flex items-center gap-2 rounded-md border border-stone-200 px-2 py-1 text-sm">
              {c.name}
              {c.nameBn ? <span lang="bn">({c.nameBn})</span> : null}
              {c.images.length ? <span className="text-stone-500">{c.images.length} pictures</span> : null}
              <ConfirmButton
                intent="remove-color"
                fields={{ colorId: String(c.id) }}
                className="text-xs text-red-700 hover:underline"
                label={`Remove the colour ${c.name}`}
              >
                Remove
              </ConfirmButton>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const err = (data: VariantActionData | undefined, form: string, field: string) => (data?.form === form ? data.errors?.[field] : undefined);

/** A new colour: names, swatch and pictures (multipart, so pictures upload without JavaScript). */
export function AddColorForm({ data, first }: { data?: VariantActionData; first: boolean }) {
  const busy = useNavigation().state !== "idle";
  const typed = data?.form === "color" ? data.typed : undefined;
  const field = (name: string, label: string, props: JSX.IntrinsicElements["input"] = {}) => (
    <div>
      <label htmlFor={`color-${name}`} className="label">
        {label}
      </label>
      <input id={`color-${name}`} name={name} defaultValue={typed?.[name]} className="input w-full" aria-describedby={`color-${name}-error`} {...props} />
      <FieldErrors id={`color-${name}-error`} errors={err(data, "color", name) ?? undefined} />
    </div>
  );
  return (
    <Form method="post" encType="multipart/form-data" className="card space-y-3 p-4">
      <h2 className="text-lg font-semibold">Add a colour</h2>
      <p className="text-sm text-stone-600">
        {first ? "The first colour takes over the sizes and their stock." : "It gets every size, with no stock until you enter it above."}
      </p>
      <input type="hidden" name="intent" value="add-color" />
      {field("name", "Name (English)", { required: true, maxLength: 40 })}
      {field("nameBn", "Name (Bangla)", { maxLength: 40, lang: "bn" })}
      {field("hex", "Swatch", { type: "color", defaultValue: typed?.hex || "#1f2a44", className: "h-10 w-20" })}
      <div>
        <label htmlFor="color-pictures" className="label">
          Pictures of this colour
        </label>
        <input id="color-pictures" name="pictures" type="file" accept="image/*" multiple className="input w-full" />
        <FieldErrors id="color-pictures-error" errors={err(data, "color", "images") ?? undefined} />
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        Add colour
      </button>
    </Form>
  );
}

/** A size for every colour at once (the product editor's sizes are those of a product without colours). */
export function AddSizeForm({ data }: { data?: VariantActionData }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="card space-y-3 p-4">
      <h2 className="text-lg font-semibold">Add a size</h2>
      <input type="hidden" name="intent" value="add-size" />
      <div>
        <label htmlFor="new-size" className="label">
          Size
        </label>
        <input id="new-size" name="size" required maxLength={20} className="input w-full" aria-describedby="new-size-error" />
        <FieldErrors id="new-size-error" errors={err(data, "size", "size") ?? undefined} />
      </div>
      <button type="submit" className="btn-secondary" disabled={busy}>
        Add size
      </button>
    </Form>
  );
}
