import { useEffect, useRef } from "react";

import { useT } from "~/i18n/hooks";

import { FieldErrors } from "../admin/FormErrors";

export type Colour = { name: string; label: string; hex: string };

/**
 * Colours as radio buttons in the Add To Cart form (issue 38): each swatch carries its name in
 * text, never the colour alone. Without JavaScript a "Show this colour" button reloads the page
 * with `?color=`, so the sizes and pictures follow; with it the choice is instant.
 */
export function ColourPicker({
  colours,
  value,
  onSelect,
  errors,
  hydrated,
}: {
  colours: Colour[];
  value?: string;
  onSelect: (name: string) => void;
  errors?: string[];
  hydrated: boolean;
}) {
  const t = useT();
  // A colour tapped while the scripts loaded is handed to the form's state once, as SizePicker does.
  const group = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const checked = group.current?.querySelector<HTMLInputElement>("input[type=radio]:checked");
    if (checked && checked.value !== value) onSelect(checked.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);
  if (colours.length === 0) return null;
  const invalid = Boolean(errors?.length);
  return (
    <fieldset ref={group} aria-invalid={invalid || undefined} aria-describedby={invalid ? "add-to-cart-color-error" : undefined}>
      <legend className="label">{t("colour.legend")}</legend>
      <div className="flex flex-wrap gap-2">
        {colours.map((c, i) => (
          <div key={c.name}>
            <input
              type="radio"
              id={`add-to-cart-color-${i}`}
              name="color"
              value={c.name}
              defaultChecked={c.name === value}
              onChange={(event) => event.currentTarget.checked && onSelect(c.name)}
              className="peer sr-only"
            />
            <label
              htmlFor={`add-to-cart-color-${i}`}
              className="flex cursor-pointer select-none items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-semibold
                peer-checked:border-brand-600 peer-checked:ring-2 peer-checked:ring-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500"
            >
              <span aria-hidden="true" className="h-5 w-5 rounded-full border border-stone-400" style={{ backgroundColor: c.hex }} />
              {c.label}
            </label>
          </div>
        ))}
      </div>
      {/* Without scripts the sizes and pictures of another colour need the page again. */}
      {!hydrated ? (
        <button type="submit" formMethod="get" formNoValidate name="intent" value="colour" className="btn-secondary mt-2 px-3 py-1 text-xs">
          {t("colour.show")}
        </button>
      ) : null}
      <FieldErrors id="add-to-cart-color-error" errors={errors} />
    </fieldset>
  );
}
