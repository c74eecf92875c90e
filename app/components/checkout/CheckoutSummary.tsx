import type { CheckoutTotals } from "~/models/orders/checkout-summary.server";
import { formatTaka } from "~/utils/money";

import { TotalsList, type SummaryItem } from "../OrderSummary";
import { ProductImage } from "../ProductImage";

type Props = { items: SummaryItem[]; totals: CheckoutTotals };

/**
 * The order being checked out, beside the form on a wide screen and folded
 * into a <details> above it on a phone (opens without JavaScript). Rendered
 * twice, one copy hidden by CSS at each width, so neither needs a script.
 */
export function CheckoutSummary(props: Props) {
  return (
    <>
      <details className="card order-first lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 text-sm font-medium">
          <span className="text-brand-700 underline">Show order summary</span>
          <span className="font-bold">{formatTaka(props.totals.totalPrice)}</span>
        </summary>
        <div className="border-t border-stone-200 p-4">
          <SummaryBody {...props} />
        </div>
      </details>
      <aside aria-label="Order summary" className="card hidden h-fit p-5 lg:block">
        <h2 className="mb-3 text-lg font-semibold">Order summary</h2>
        <SummaryBody {...props} />
      </aside>
    </>
  );
}

function SummaryBody({ items, totals }: Props) {
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
              <p className="truncate font-medium">{item.name}</p>
              <p className="text-xs text-stone-600">
                Size {item.selectedSize} · Qty {item.qty}
              </p>
            </div>
            <p className="whitespace-nowrap font-medium">{formatTaka(item.price * item.qty)}</p>
          </li>
        ))}
      </ul>
      <TotalsList totals={totals} className="space-y-1.5 border-t border-stone-200 pt-3 text-sm" />
    </>
  );
}
