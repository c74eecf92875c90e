import { useEffect, useRef } from "react";

import { useFormat, useT } from "~/i18n/hooks";
import { toLatinDigits } from "~/utils/digits";

/** The most the add-to-cart schema takes (app/schemas/cart.ts). */
const MAX_TYPED = 1000;

/**
 * A number field from 1 to `max`. The − / + buttons need JavaScript, so they
 * appear only once the page is hydrated; without it the field is typed into
 * (and the server caps the quantity at the stock).
 */
export function QuantityStepper({
  id,
  name,
  value,
  max,
  onChange,
  enhanced,
  limitNote,
}: {
  id: string;
  name: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
  enhanced: boolean;
  /** Said beside the box while the quantity is above what is left ("Only 4 left in size M"). */
  limitNote?: string;
}) {
  const t = useT();
  const fmt = useFormat();
  // A number field takes Latin digits only: on a Bangla page the box is text, shows Bangla digits and reads either.
  const bangla = fmt.lang === "bn";
  const top = Math.max(1, max);
  // The buttons stop at what is left; a typed number is kept (up to the schema's 1000), and the
  // server adds what is left and says so on the cart (issue 22 item 22): never changed silently.
  const set = (n: number) => onChange(Math.min(MAX_TYPED, Math.max(1, Math.round(n) || 1)));
  // A quantity typed before the scripts arrived is in the field but not in the
  // parent's state; take it on hydration rather than let the next render undo it.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = field.current?.value;
    if (typed && Number(toLatinDigits(typed)) !== value) set(Number(toLatinDigits(typed)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);
  const button =
    "flex h-10 w-10 items-center justify-center text-lg font-semibold text-stone-700 hover:bg-stone-100 focus-visible:-outline-offset-2 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <div>
      <label htmlFor={id} className="label">
        {t("product.quantity.label")}
      </label>
      <div className="inline-flex items-center overflow-hidden rounded-md border border-stone-300 bg-white">
        {enhanced ? (
          <button type="button" className={button} onClick={() => set(value - 1)} disabled={value <= 1} aria-label={t("product.quantity.less")}>
            −
          </button>
        ) : null}
        <input
          ref={field}
          id={id}
          name={name}
          type={bangla ? "text" : "number"}
          inputMode="numeric"
          min={1}
          // The arrows stop here; the form is noValidate, so a larger typed number still goes to the server.
          max={top}
          step={1}
          aria-describedby={value > top && limitNote ? `${id}-limit` : undefined}
          value={bangla ? fmt.integer(value) : value}
          onChange={(event) => set(Number(toLatinDigits(event.currentTarget.value)))}
          className="h-10 w-16 border-0 text-center text-sm focus:ring-2 focus:ring-brand-500"
        />
        {enhanced ? (
          <button type="button" className={button} onClick={() => set(value + 1)} disabled={value >= top} aria-label={t("product.quantity.more")}>
            +
          </button>
        ) : null}
      </div>
      {value > top && limitNote ? (
        <p id={`${id}-limit`} role="status" className="mt-1 text-sm font-semibold text-amber-700">
          {limitNote}
        </p>
      ) : null}
    </div>
  );
}
