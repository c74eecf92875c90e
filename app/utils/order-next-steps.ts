import { formatTaka } from "./money";

// "What happens next" after an order, in one place: the confirmation page and
// the order e-mail say the same words. A step may carry an amount, which both
// show in bold.

export type NextStep = { text: string; amount?: string; after?: string };

type Order = {
  shippingAddress: { name: string; address: string; city: string; postalCode: string; phone: string; deliveryLabel: string };
  totalPrice: number;
  paymentMethod: string;
  isPaid: boolean;
};

export function orderNextSteps({ shippingAddress: a, totalPrice, paymentMethod, isPaid }: Order): NextStep[] {
  const steps: NextStep[] = [
    { text: `We call or text you${a.phone ? ` on ${a.phone}` : ""} within one working day to confirm your order.` },
    { text: `Our courier brings it to ${a.name}, ${a.address}, ${a.city} ${a.postalCode} (${a.deliveryLabel}).` },
  ];
  if (paymentMethod === "Cash on Delivery" && !isPaid) {
    steps.push({ text: "Pay the courier ", amount: formatTaka(totalPrice), after: " in cash when it arrives." });
  }
  return steps;
}
