import type { Prisma } from "@prisma/client";

import { cashToCollectPaisa } from "~/utils/money";
import { formatOrderNumber } from "~/utils/order-number";

import { toTaka } from "~/models/catalogue/index.server";

// The API's Order shape (docs/api.md) and how a row becomes one; pages
// render the same object. Money goes out as taka numbers, dates as ISO strings.

export type OrderItemDTO = {
  /** Null once the product has been deleted; the copies below stay. */
  product: number | null;
  name: string;
  /** The product's Bangla name when ordered; null when it had none. Bangla pages and e-mails show it (orderItemName). */
  nameBn: string | null;
  image: string;
  price: number;
  qty: number;
  selectedSize: string;
  /** The variant's colour and its Bangla name (issue 38); only on items of a product with colours. */
  color?: string;
  colorBn?: string | null;
  /** The line's own id (for saying which items came back) and how many came back after a partial delivery. */
  id: number;
  returnedQty: number;
};

/** The API's Order shape (docs/api.md); pages render the same object. */
export type OrderDTO = {
  id: string;
  /** Short human order number, e.g. "TB-10001" (formatOrderNumber). */
  orderNumber: string;
  user: { id: number; name: string } | null;
  orderItems: OrderItemDTO[];
  shippingAddress: {
    address: string;
    city: string;
    postalCode: string;
    phone: string;
    deliveryLabel: string;
    name: string;
    email: string;
    country: string;
  };
  paymentMethod: string;
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  /**
   * Cash the rider collects (issue 41 item 3, decision 085): totalPrice rounded to whole taka,
   * half up; 0 once paid or cancelled. totalPrice stays exact.
   */
  cashToCollect: number;
  /** The coupon code the buyer used (issue 41 item 4) and what it took off the items, in taka; null and 0 without one. */
  couponCode: string | null;
  couponDiscount: number;
  isPaid: boolean;
  paidAt: string | null;
  isDelivered: boolean;
  deliveredAt: string | null;
  /** Set when the order was cancelled (its stock went back); it can then not be paid or delivered. */
  cancelledAt: string | null;
  cancelReason: string | null;
  /** Cash on delivery confirmed (decision 055); false while the order awaits its code or a call. */
  isConfirmed: boolean;
  confirmedAt: string | null;
  /** How: "auto" (none was needed), "code", "call" or "delivery"; null while it awaits confirmation. */
  confirmMethod: string | null;
  /** Handed to a courier (issue 28 item 2): when, which courier (a COURIERS code), its tracking number and the shop's note. */
  isShipped: boolean;
  shippedAt: string | null;
  courier: string | null;
  trackingNumber: string | null;
  shipNote: string | null;
  /** The courier's last word on the parcel (orders/types.ts CourierStatus: in_transit, delivered, returning, …); null before one. */
  courierStatus: string | null;
  /** Cash the rider collected, in taka; null until the courier says. */
  codCollected: number | null;
  /** The courier's delivery charge for the parcel, in taka; null until known. */
  deliveryCharge: number | null;
  /** Refused, returned or cancelled after shipping: on its way back since (decision 089). */
  returningAt: string | null;
  /** Received back at the shop: its items went back into stock then. */
  returnedAt: string | null;
  returnReason: string | null;
  /** Partly delivered: when the admin said which items came back (orderItems[].returnedQty). */
  partReturnedAt: string | null;
  /** Booked through a courier's API (issue 36): its parcel id, last status word and the last refusal, if any. */
  consignmentId: string | null;
  bookingError: string | null;
  createdAt: string;
};

/** What the profile's order table needs. */
export type OrderSummaryDTO = Pick<OrderDTO, "id" | "orderNumber" | "createdAt" | "totalPrice" | "isPaid" | "paidAt" | "isDelivered" | "deliveredAt">;

export const orderInclude = {
  items: { orderBy: { id: "asc" } },
  user: { select: { id: true, name: true } },
} satisfies Prisma.OrderInclude;

export type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

export function toOrderDTO(o: OrderRow): OrderDTO {
  return {
    id: o.id,
    orderNumber: formatOrderNumber(o.number),
    user: o.user ? { id: o.user.id, name: o.user.name } : null,
    orderItems: o.items.map((i) => ({
      product: i.productId,
      name: i.name,
      nameBn: i.nameBn,
      image: i.image,
      price: toTaka(i.pricePaisa),
      qty: i.qty,
      selectedSize: i.selectedSize,
      ...(i.color !== null ? { color: i.color, colorBn: i.colorBn } : {}),
      id: i.id,
      returnedQty: i.returnedQty,
    })),
    shippingAddress: {
      address: o.address,
      city: o.city,
      postalCode: o.postalCode,
      phone: o.phone,
      deliveryLabel: o.deliveryLabel,
      name: o.shippingName,
      email: o.shippingEmail,
      country: o.country,
    },
    paymentMethod: o.paymentMethod,
    itemsPrice: toTaka(o.itemsPaisa),
    shippingPrice: toTaka(o.shippingPaisa),
    taxPrice: toTaka(o.taxPaisa),
    totalPrice: toTaka(o.totalPaisa),
    cashToCollect: o.cancelledAt ? 0 : toTaka(cashToCollectPaisa(o.totalPaisa, o.isPaid)),
    couponCode: o.couponCode,
    couponDiscount: toTaka(o.couponPaisa),
    isPaid: o.isPaid,
    paidAt: o.paidAt?.toISOString() ?? null,
    isDelivered: o.isDelivered,
    deliveredAt: o.deliveredAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    cancelReason: o.cancelReason,
    isConfirmed: o.confirmedAt !== null,
    confirmedAt: o.confirmedAt?.toISOString() ?? null,
    confirmMethod: o.confirmMethod,
    isShipped: o.shippedAt !== null,
    shippedAt: o.shippedAt?.toISOString() ?? null,
    courier: o.courier,
    trackingNumber: o.trackingNumber,
    shipNote: o.shipNote,
    courierStatus: o.courierStatus,
    codCollected: o.codCollectedPaisa === null ? null : toTaka(o.codCollectedPaisa),
    deliveryCharge: o.deliveryChargePaisa === null ? null : toTaka(o.deliveryChargePaisa),
    returningAt: o.returningAt?.toISOString() ?? null,
    returnedAt: o.returnedAt?.toISOString() ?? null,
    returnReason: o.returnReason,
    partReturnedAt: o.partReturnedAt?.toISOString() ?? null,
    consignmentId: o.consignmentId,
    bookingError: o.bookingError,
    createdAt: o.createdAt.toISOString(),
  };
}
