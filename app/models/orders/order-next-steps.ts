import { formattersFor } from "~/i18n/format";
import { tFor } from "~/i18n/instance";
import type { Lang } from "~/i18n/languages";
import { cashToCollectPaisa } from "~/utils/money";
import { trackingUrl } from "~/utils/tracking-url";

// "What happens next" after an order, in one place: the order page and the
// order e-mail say the same words (checkout.nextSteps in the catalogue), in
// the order's language. Each step says what is true NOW (issue 41 item 1):
// waiting for the SMS code, confirmed, with the courier (and its tracking
// link). A confirmed order never promises a confirmation call: nobody makes it.
// A step may carry an amount, which both show in bold, and a link.

export type NextStep = { text: string; amount?: string; after?: string; link?: { href: string; text: string } };

type Order = {
  shippingAddress: { name: string; address: string; city: string; postalCode: string; phone: string; deliveryLabel: string };
  totalPrice: number;
  paymentMethod: string;
  isPaid: boolean;
  /** False while a cash-on-delivery order awaits its SMS code (decision 055): the first step asks for it. */
  isConfirmed?: boolean;
  isShipped?: boolean;
  courier?: string | null;
  trackingNumber?: string | null;
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A stored delivery label ("Home", "Office") in the reader's language; one the catalogue does not know shows as stored. */
export function deliveryLabelText(t: Translate, label: string): string {
  return t(`checkout.deliveryLabels.${label}`, { defaultValue: label });
}

/** A courier's name in the reader's language (order.courier in the catalogue). */
export function courierName(t: Translate, courier: string | null | undefined): string {
  return t(`order.courier.${courier ?? "other"}`, { defaultValue: t("order.courier.other") });
}

function deliveryStep(t: Translate, order: Order): NextStep {
  const a = order.shippingAddress;
  if (!order.isShipped) {
    const where = { name: a.name, address: a.address, city: a.city, postalCode: a.postalCode, label: deliveryLabelText(t, a.deliveryLabel) };
    return { text: t("checkout.nextSteps.courier", where) };
  }
  const courier = courierName(t, order.courier);
  const text = order.trackingNumber
    ? t("checkout.nextSteps.shippedTracking", { courier, tracking: order.trackingNumber })
    : t("checkout.nextSteps.shipped", { courier });
  const href = trackingUrl(order.courier, order.trackingNumber);
  return { text, ...(href ? { link: { href, text: t("checkout.nextSteps.track", { courier }) } } : {}) };
}

export function orderNextSteps(order: Order, lang: Lang = "en"): NextStep[] {
  const t = tFor(lang);
  const first = order.isConfirmed === false ? t("checkout.nextSteps.enterCode", { phone: order.shippingAddress.phone }) : t("checkout.nextSteps.confirmed");
  const steps: NextStep[] = [{ text: first }, deliveryStep(t, order)];
  if (order.paymentMethod === "Cash on Delivery" && !order.isPaid) {
    // Whole taka: what the rider can take in notes and coins (issue 41 item 3).
    const cash = cashToCollectPaisa(Math.round(order.totalPrice * 100)) / 100;
    steps.push({ text: t("checkout.nextSteps.payBefore"), amount: formattersFor(lang).money(cash), after: t("checkout.nextSteps.payAfter") });
  }
  return steps;
}
