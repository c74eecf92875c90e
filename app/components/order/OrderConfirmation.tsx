import { Link } from "@remix-run/react";
import { Trans } from "~/i18n/Trans";

import { useFormat, useLang, useLocalePath, useT } from "~/i18n/hooks";
import type { OrderDTO } from "~/models/orders/order.server";
import { SHOP_CONTACT } from "~/utils/contact";
import { orderNextSteps } from "~/models/orders/order-next-steps";

type Props = Pick<
  OrderDTO,
  "orderNumber" | "shippingAddress" | "totalPrice" | "paymentMethod" | "isPaid" | "isConfirmed" | "isShipped" | "courier" | "trackingNumber"
> & {
  /** This browser placed the order minutes ago: only then does "an e-mail is on its way" hold (issue 41 item 1). */
  justPlaced?: boolean;
};

/**
 * What a shopper needs right after ordering: what happens next, where it goes
 * and the number to quote. Cash on delivery means no payment has happened yet,
 * so the page must say that is expected rather than look like a failure.
 */
export function OrderConfirmation(order: Props) {
  const t = useT();
  const lang = useLang();
  const fmt = useFormat();
  const lp = useLocalePath();
  const { orderNumber } = order;
  return (
    <section aria-labelledby="next-heading" className="card border-l-4 border-l-green-600 p-5 text-sm sm:p-6">
      <h2 id="next-heading" className="text-lg font-semibold">
        {t("order.confirmation.title")}
      </h2>
      {/* The step numbers are text in the page's digits ("১." on a Bangla page), not the list's own Latin markers. */}
      <ol className="mt-3 space-y-2 text-stone-700">
        {orderNextSteps(order, lang).map((step, n) => (
          <li key={step.text} className="flex gap-2">
            <span className="w-5 flex-none text-right tabular-nums">{fmt.integer(n + 1)}.</span>
            <span>
              {step.text}
              {step.amount ? <strong className="text-stone-900">{step.amount}</strong> : null}
              {step.after}
              {step.link ? (
                <>
                  {" "}
                  <a href={step.link.href} className="font-semibold text-brand-700 underline" rel="noopener noreferrer" target="_blank">
                    {step.link.text}
                  </a>
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-4 rounded-md bg-stone-100 px-4 py-3 text-stone-700">
        {/* Order number and phone stay in Latin digits: couriers and the shop quote them so. */}
        <Trans
          i18nKey="order.confirmation.quote"
          values={{ orderNumber, phone: SHOP_CONTACT.phone, email: SHOP_CONTACT.email }}
          components={{
            b: <strong className="whitespace-nowrap text-base text-stone-900" />,
            tel: (
              <a href={SHOP_CONTACT.phoneHref} className="whitespace-nowrap font-semibold text-brand-700 underline">
                {SHOP_CONTACT.phone}
              </a>
            ),
            mail: (
              <a href={`mailto:${SHOP_CONTACT.email}`} className="font-semibold text-brand-700 underline">
                {SHOP_CONTACT.email}
              </a>
            ),
          }}
        />
      </p>
      {/* Where the order's e-mail went (masked as the page shows it to a link's holder) and the way back to the shop (issue 28 item 10). */}
      {order.justPlaced ? (
        <p className="mt-4 text-stone-700" data-testid="order-emailed">
          <Trans
            i18nKey="order.confirmation.emailed"
            values={{ email: order.shippingAddress.email }}
            components={{ b: <strong className="break-all text-stone-900" /> }}
          />
        </p>
      ) : null}
      <Link to={lp("/")} className="btn-secondary mt-4">
        {t("order.confirmation.continueShopping")}
      </Link>
    </section>
  );
}
