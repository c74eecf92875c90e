import { useFormat, useT } from "~/i18n/hooks";
import { TAX_PERCENT } from "~/models/catalogue/pricing";

/** Price with the original struck through and a percent-off badge when discounted. */
export function Price({
  price,
  originalPrice,
  discountPercentage,
  size = "md",
}: {
  price: number;
  originalPrice: number;
  discountPercentage: number;
  size?: "md" | "lg";
}) {
  const t = useT();
  const fmt = useFormat();
  const big = size === "lg";
  return (
    <div className="flex flex-wrap items-baseline gap-2">
      <span className={`font-semibold text-stone-900 ${big ? "text-2xl" : "text-base"}`}>{fmt.money(price)}</span>
      {discountPercentage > 0 ? (
        <>
          <s className={`text-stone-500 ${big ? "text-base" : "text-sm"}`}>
            <span className="sr-only">{t("product.price.was")} </span>
            {fmt.money(originalPrice)}
          </s>
          <span className="rounded bg-red-600 px-1.5 py-0.5 text-xs font-semibold text-white">
            {t("product.price.off", { percent: fmt.integer(discountPercentage) })}
          </span>
        </>
      ) : null}
    </div>
  );
}

/**
 * "+15 % VAT, added at checkout", where a price is first read (under the
 * product's price and the cart's subtotal), so the total at checkout is no
 * surprise (issue 28 item 7). The rule itself is pricing.ts's.
 */
export function TaxNote({ className = "text-sm text-stone-600" }: { className?: string }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <p className={className} data-testid="tax-note">
      {t("product.price.vat", { percent: fmt.integer(TAX_PERCENT) })}
    </p>
  );
}
