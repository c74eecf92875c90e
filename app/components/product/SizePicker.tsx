import { useEffect, useRef } from "react";

import { useFormat, useMessage, useT } from "~/i18n/hooks";

import { FieldErrors } from "../admin/FormErrors";

/** At or below this many in a size, the shopper is told how many are left. */
const FEW_LEFT = 3;

/**
 * Sizes as radio buttons drawn as buttons: a plain form field, so it posts
 * without JavaScript. A size with no stock is disabled; one with three or
 * fewer says how many are left.
 */
export function SizePicker({
  name,
  sizes,
  defaultValue,
  onSelect,
  errorId,
  errors,
}: {
  name: string;
  sizes: { size: string; quantity: number }[];
  defaultValue?: string;
  onSelect: (size: string) => void;
  errorId: string;
  errors?: string[];
}) {
  const t = useT();
  const fmt = useFormat();
  const msg = useMessage();
  // A size tapped while the scripts loaded is checked in the page but not in the form's state,
  // which kept Add To Cart disabled ("Choose a size…"): hand it over once, on hydration.
  const group = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const checked = group.current?.querySelector<HTMLInputElement>("input[type=radio]:checked");
    if (checked) onSelect(checked.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);
  if (sizes.length === 0) return null;
  const invalid = Boolean(errors?.length);
  return (
    <fieldset ref={group} aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined}>
      <legend className="label">{t("product.sizePicker.legend")}</legend>
      <div className="flex flex-wrap gap-2">
        {sizes.map((s, i) => {
          const out = s.quantity === 0;
          const id = `${name}-${i}`;
          // A few left: said under the chip and read out with it, not part of the size's name.
          const few = !out && s.quantity <= FEW_LEFT;
          return (
            <div key={s.size}>
              <input
                type="radio"
                id={id}
                name={name}
                value={s.size}
                disabled={out}
                defaultChecked={!out && s.size === defaultValue}
                onChange={(event) => event.currentTarget.checked && onSelect(s.size)}
                aria-describedby={few ? `${id}-left` : undefined}
                className="peer sr-only"
              />
              <label
                htmlFor={id}
                className={`flex min-w-12 cursor-pointer select-none items-center justify-center rounded-md border px-3 py-2 text-sm font-semibold transition
                  peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white
                  peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2
                  peer-disabled:cursor-not-allowed peer-disabled:border-dashed peer-disabled:bg-stone-100 peer-disabled:text-stone-400 peer-disabled:line-through
                  ${invalid ? "border-red-500" : "border-stone-300 bg-white hover:border-brand-500"}`}
              >
                {s.size}
                {out ? <span className="sr-only"> {t("product.sizePicker.outOfStock")}</span> : null}
              </label>
              {few ? (
                <span id={`${id}-left`} className="mt-1 block text-center text-xs font-semibold text-amber-800">
                  {t("product.sizePicker.fewLeft", { n: fmt.integer(s.quantity) })}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
      <FieldErrors id={errorId} errors={errors?.map(msg)} />
    </fieldset>
  );
}
