import type { Lang } from "~/i18n/languages";

// What crosses into mail from the domains that queue messages (issue 39): plain types, no Prisma row,
// no other domain's shapes. Orders and accounts sit above mail (they queue its messages), so mail
// imports nothing from them: at send time it asks the step they registered (compose.server.ts).

/** One step of "what happens next", as the order page says it too; `amount` shows in bold. */
export type OrderMessageStep = { text: string; amount?: string; after?: string; link?: { href: string; text: string } };

/** One line of an order as its messages show it. */
export type OrderMessageItem = {
  name: string;
  nameBn: string | null;
  /** Only on a line of a product with colours (issue 38). */
  color?: string;
  colorBn?: string | null;
  selectedSize: string;
  qty: number;
  /** Taka, one piece. */
  price: number;
};

/**
 * An order as its e-mails and texts tell it, filled in by orders at send time from the order as it
 * is then, in the language it was placed in. Money in taka.
 */
export type OrderMessage = {
  id: string;
  orderNumber: string;
  lang: Lang;
  /** The short link a text carries (decision 084). */
  link: string;
  orderItems: OrderMessageItem[];
  /** `deliveryLabel` in the order's language ("Home", "বাসা"). */
  shippingAddress: { name: string; address: string; city: string; postalCode: string; phone: string; deliveryLabel: string };
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  couponCode: string | null;
  couponDiscount: number;
  isPaid: boolean;
  courier: string | null;
  trackingNumber: string | null;
  shipNote: string | null;
  /** What happens next, in the order's language (order-placed). */
  nextSteps: OrderMessageStep[];
};

/** A queued message as the outbox holds it. */
export type QueuedMessage = { key: string; template: string; data: unknown };

/** Orders' compose step: whether a queued order message still goes, and the order it is written from. */
export type OrderComposer = {
  /** Why the message should not go now (kept on the row, shown on /admin/mail), or null to send it. */
  mootReason: (message: QueuedMessage) => Promise<string | null>;
  /** The order as it is now; throws when there is none (the send fails and retries). */
  order: (orderId: string) => Promise<OrderMessage>;
};

/** Accounts' compose step: the token of a mailed link, derived at send time from the row's nonce (decision 046). */
export type LinkComposer = (purpose: "password-reset" | "email-change", nonce: string) => string;
