import { useFormat, useT } from "~/i18n/hooks";
import type { CheckoutTotals } from "~/models/orders/checkout-summary.server";

import { TotalsList, type SummaryItem } from "../order/OrderSummary";
import { ProductImage } from "../product/ProductImage";

type Props = { items: SummaryItem[]; totals: CheckoutTotals };

/**
 * The order being checked out, beside the form on a wide screen and folded
 * into a <details> above it on a phone (opens without JavaScript). Rendered
 * twice, one copy hidden by CSS at each width, so neither needs a script.
 */
export function CheckoutSummary(props: Props) {
  const t = useT();
  const fmt = useFormat();
  return (
    <>
      <details className="card order-first lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 text-sm font-semibold">
          <span className="text-brand-700 underline">{t("checkout.summary.show")}</span>
          <span className="font-semibold">{fmt.money(props.totals.totalPrice)}</span>
        </summary>
        <div className="border-t border-stone-200 p-4">
          <SummaryBody {...props} />
        </div>
      </details>
      <aside aria-label={t("checkout.summary.title")} className="card hidden h-fit p-5 lg:block">
        <h2 className="mb-3 text-lg font-semibold">{t("checkout.summary.title")}</h2>
        <SummaryBody {...props} />
      </aside>
    </>
  );
}

function SummaryBody({ items, totals }: Props) {
  const t = useT();
  const fmt = useFormat();
  return (
    <>
      <ul className="mb-4 space-y-3">
        {items.map((item) => (
          <li key={`${item.product}-${item.selectedSize}-${item.name}`} className={`flex items-center gap-3 text-sm ${item.muted ? "opacity-60" : ""}`}>
            {item.image ? (
              <ProductImage url={item.image} alt="" sizes="48px" className="h-12 w-12 flex-none rounded-md bg-stone-50 object-contain" />
            ) : (
              <div className="h-12 w-12 flex-none rounded-md bg-stone-200" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{item.name}</p>
              <p className="text-xs text-stone-600">{t("checkout.summary.line", { size: item.selectedSize, qty: fmt.integer(item.qty) })}</p>
            </div>
            <p className="whitespace-nowrap font-semibold">{fmt.money(item.price * item.qty)}</p>
          </li>
        ))}
      </ul>
      <TotalsList totals={totals} className="space-y-1.5 border-t border-stone-200 pt-3 text-sm" />
    </>
  );
}
