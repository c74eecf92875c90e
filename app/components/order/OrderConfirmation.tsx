import { Trans } from "react-i18next";

import { useLang, useT } from "~/i18n/hooks";
import type { OrderDTO } from "~/models/orders/order.server";
import { SHOP_CONTACT } from "~/utils/contact";
import { orderNextSteps } from "~/utils/order-next-steps";

type Props = Pick<OrderDTO, "orderNumber" | "shippingAddress" | "totalPrice" | "paymentMethod" | "isPaid" | "isConfirmed">;

/**
 * What a shopper needs right after ordering: what happens next, where it goes
 * and the number to quote. Cash on delivery means no payment has happened yet,
 * so the page must say that is expected rather than look like a failure.
 */
export function OrderConfirmation(order: Props) {
  const t = useT();
  const lang = useLang();
  const { orderNumber } = order;
  return (
    <section aria-labelledby="next-heading" className="card border-l-4 border-l-green-600 p-5 text-sm sm:p-6">
      <h2 id="next-heading" className="text-lg font-semibold">
        {t("order.confirmation.title")}
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-stone-700">
        {orderNextSteps(order, lang).map((step) => (
          <li key={step.text}>
            {step.text}
            {step.amount ? <strong className="text-stone-900">{step.amount}</strong> : null}
            {step.after}
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
              <a href={SHOP_CONTACT.phoneHref} className="whitespace-nowrap font-medium text-brand-700 underline">
                {SHOP_CONTACT.phone}
              </a>
            ),
            mail: (
              <a href={`mailto:${SHOP_CONTACT.email}`} className="font-medium text-brand-700 underline">
                {SHOP_CONTACT.email}
              </a>
            ),
          }}
        />
      </p>
    </section>
  );
}
