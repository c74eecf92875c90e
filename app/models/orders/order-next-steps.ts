import { formattersFor } from "~/i18n/format";
import { tFor } from "~/i18n/instance";
import type { Lang } from "~/i18n/languages";

// "What happens next" after an order, in one place: the confirmation page and
// the order e-mail say the same words (checkout.nextSteps in the catalogue),
// in the order's language. A step may carry an amount, which both show in bold.

export type NextStep = { text: string; amount?: string; after?: string };

type Order = {
  shippingAddress: { name: string; address: string; city: string; postalCode: string; phone: string; deliveryLabel: string };
  totalPrice: number;
  paymentMethod: string;
  isPaid: boolean;
  /** False while a cash-on-delivery order awaits its SMS code (decision 055): the first step asks for it. */
  isConfirmed?: boolean;
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A stored delivery label ("Home", "Office") in the reader's language; one the catalogue does not know shows as stored. */
export function deliveryLabelText(t: Translate, label: string): string {
  return t(`checkout.deliveryLabels.${label}`, { defaultValue: label });
}

export function orderNextSteps({ shippingAddress: a, totalPrice, paymentMethod, isPaid, isConfirmed }: Order, lang: Lang = "en"): NextStep[] {
  const t = tFor(lang);
  const first =
    isConfirmed === false
      ? t("checkout.nextSteps.enterCode", { phone: a.phone })
      : a.phone
        ? t("checkout.nextSteps.callOn", { phone: a.phone })
        : t("checkout.nextSteps.call");
  const steps: NextStep[] = [
    { text: first },
    {
      text: t("checkout.nextSteps.courier", {
        name: a.name,
        address: a.address,
        city: a.city,
        postalCode: a.postalCode,
        label: deliveryLabelText(t, a.deliveryLabel),
      }),
    },
  ];
  if (paymentMethod === "Cash on Delivery" && !isPaid) {
    steps.push({
      text: t("checkout.nextSteps.payBefore"),
      amount: formattersFor(lang).money(totalPrice),
      after: t("checkout.nextSteps.payAfter"),
    });
  }
  return steps;
}
