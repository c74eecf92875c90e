import { Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";

import { useFormat, useLang, useLocalePath, useMessage, useT } from "~/i18n/hooks";
import { inLanguage } from "~/i18n/languages";
import type { CheckoutLine } from "~/models/orders/checkout-summary.server";

import { ProductImage } from "../product/ProductImage";

/**
 * A line of an order, or of the cart about to become one. `nameBn`: an order
 * line's Bangla name (kept when ordered): Bangla pages show it. A cart line's
 * name is already in the page's language.
 */
/** `returnedQty`: how many came back after a partial delivery (decision 095). */
/** `color`/`colorBn`: the variant's colour (issue 38), on lines of products with colours. */
export type SummaryItem = CheckoutLine & { nameBn?: string | null; returnedQty?: number; color?: string; colorBn?: string | null };

/**
 * An order's totals carry `cashToCollect` (order-dto.server.ts); a cart's do not.
 * `couponCode`/`couponDiscount`: the coupon's own line (issue 41 item 4), shown when it took something off.
 */
type Totals = {
  itemsPrice: number;
  couponCode?: string | null;
  couponDiscount?: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  cashToCollect?: number;
};

/** Line total without float drift: prices are taka with at most 2 decimals. */
function lineTotal(price: number, qty: number) {
  return (Math.round(price * 100) * qty) / 100;
}

/** The items of an order (or of the cart about to become one): "qty x price = total". */
export function OrderItems({ items, empty }: { items: SummaryItem[]; empty: ReactNode }) {
  const t = useT();
  const lp = useLocalePath();
  const fmt = useFormat();
  const msg = useMessage();
  const lang = useLang();
  if (items.length === 0) return <>{empty}</>;
  return (
    <ul className="divide-y divide-stone-100">
      {items.map((item) => (
        <li
          key={`${item.product}-${item.selectedSize}-${item.color ?? ""}-${item.name}`}
          className={`flex items-center gap-3 py-3 ${item.muted ? "opacity-70" : ""}`}
        >
          {item.image ? (
            <ProductImage url={item.image} alt="" sizes="64px" className="h-14 w-14 flex-none rounded-md bg-stone-50 object-contain" />
          ) : (
            <div className="h-14 w-14 flex-none rounded-md bg-stone-200" aria-hidden="true" />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
            <div className="min-w-0">
              {item.product ? (
                <Link to={lp(`/product/${item.product}`)} className="font-semibold text-stone-900 hover:text-brand-700 hover:underline">
                  {inLanguage(lang, item.name, item.nameBn)}
                </Link>
              ) : (
                <span className="font-semibold text-stone-900">{inLanguage(lang, item.name, item.nameBn)}</span>
              )}
              {item.color ? <p className="text-xs text-stone-500">{t("colour.line", { name: inLanguage(lang, item.color, item.colorBn) })}</p> : null}
              <p className="text-xs text-stone-500">{t("checkout.items.size", { size: item.selectedSize })}</p>
              {item.note ? <p className="text-xs font-semibold text-red-700">{msg(item.note)}</p> : null}
              {item.returnedQty ? <p className="text-xs font-semibold text-amber-800">{t("payouts.cameBack", { n: fmt.integer(item.returnedQty) })}</p> : null}
            </div>
            <p className="whitespace-nowrap text-sm text-stone-700 sm:text-right">
              {t("checkout.items.line", { qty: fmt.integer(item.qty), price: fmt.money(item.price) })}{" "}
              <span className="font-semibold text-stone-900">{fmt.money(lineTotal(item.price, item.qty))}</span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Items / Shipping / Tax / Total, with an optional action (Place Order) underneath. */
export function OrderTotals({ totals, children, shop = false }: { totals: Totals; children?: ReactNode; shop?: boolean }) {
  const t = useT();
  return (
    <section aria-labelledby="order-summary-heading" className="card h-fit p-5">
      <h2 id="order-summary-heading" className="mb-3 text-lg font-semibold">
        {t("checkout.totals.title")}
      </h2>
      <TotalsList totals={totals} testIds />
      <CashLines totals={totals} shop={shop} />
      {children ? <div className="mt-4 space-y-3">{children}</div> : null}
    </section>
  );
}

/**
 * The cash the rider takes (issue 41 item 3): the exact total rounded to whole
 * taka, the rounding on its own line so the two figures visibly agree.
 * Nothing once paid or cancelled. `shop`: worded for the admin.
 */
function CashLines({ totals, shop }: { totals: Totals; shop: boolean }) {
  const t = useT();
  const fmt = useFormat();
  if (!totals.cashToCollect) return null;
  const roundingPaisa = Math.round(totals.cashToCollect * 100) - Math.round(totals.totalPrice * 100);
  return (
    <dl className="mt-2 space-y-2 text-sm">
      {roundingPaisa !== 0 ? (
        <div className="flex justify-between">
          <dt className="text-stone-600">{t("cash.rounding")}</dt>
          <dd data-testid="summary-rounding">
            {roundingPaisa > 0 ? "+" : "−"}
            {fmt.money(Math.abs(roundingPaisa) / 100)}
          </dd>
        </div>
      ) : null}
      <div className="flex justify-between font-semibold">
        <dt>{t(shop ? "cash.toCollect" : "cash.toPay")}</dt>
        <dd data-testid="summary-cash">{fmt.money(totals.cashToCollect)}</dd>
      </div>
    </dl>
  );
}

/** Items / Shipping / Tax and the Total; `testIds` only where the page shows one copy. */
export function TotalsList({ totals, testIds = false, className = "space-y-2 text-sm" }: { totals: Totals; testIds?: boolean; className?: string }) {
  const t = useT();
  const fmt = useFormat();
  // The test ids stay English in every language.
  const rows = [
    ["items", t("checkout.totals.items"), totals.itemsPrice],
    ["shipping", t("checkout.totals.shipping"), totals.shippingPrice],
    ["tax", t("checkout.totals.tax"), totals.taxPrice],
  ] as const;
  return (
    <dl className={className}>
      {rows.map(([id, label, value]) => (
        <Fragment key={id}>
          <div className="flex justify-between">
            <dt className="text-stone-600">{label}</dt>
            <dd data-testid={testIds ? `summary-${id}` : undefined}>{fmt.money(value)}</dd>
          </div>
          {/* The coupon comes off the items, before shipping and tax (pricing.ts). */}
          {id === "items" && totals.couponCode && totals.couponDiscount ? (
            <div className="flex justify-between text-green-800">
              <dt>{t("coupon.line", { code: totals.couponCode })}</dt>
              <dd data-testid={testIds ? "summary-coupon" : undefined}>−{fmt.money(totals.couponDiscount)}</dd>
            </div>
          ) : null}
        </Fragment>
      ))}
      <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-semibold">
        <dt>{t("checkout.totals.total")}</dt>
        <dd data-testid={testIds ? "summary-total" : undefined}>{fmt.money(totals.totalPrice)}</dd>
      </div>
    </dl>
  );
}
