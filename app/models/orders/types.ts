// What a courier's word means to an order (issue 39): plain types only. Shipping books parcels and
// hears couriers, then tells orders through its face in these words, so the words are orders' own
// and shipping imports them from here; orders imports nothing from shipping.

/** Every courier an order can go with; `manual` is today's form (type the tracking number). */
export const COURIER_NAMES = ["manual", "steadfast", "pathao", "redx"] as const;
export type CourierName = (typeof COURIER_NAMES)[number];

/**
 * One status word for all couriers; each provider maps its own words to these.
 * `returning` covers refused at the door, delivery failed and returned to the merchant;
 * `returned` is set by the shop when the parcel is received back, never by a courier.
 */
export const COURIER_STATUSES = [
  "booked",
  "picked",
  "in_transit",
  "out_for_delivery",
  "on_hold",
  "delivered",
  "partly_delivered",
  "returning",
  "returned",
  "cancelled",
] as const;
export type CourierStatus = (typeof COURIER_STATUSES)[number];

/** What a courier said about one parcel (webhook or poll), in the shop's words. */
export type CourierUpdate = {
  courier: CourierName;
  /** Dedupe key: the same event heard twice has the same key. */
  eventKey: string;
  consignmentId: string | null;
  /** The order number as the courier's invoice, when the courier sends it. */
  invoice: string | null;
  status: CourierStatus;
  at: Date;
  message: string | null;
  messageBn: string | null;
  codCollectedPaisa: number | null;
  deliveryChargePaisa: number | null;
  codFeePaisa: number | null;
  raw: unknown;
};

/** One parcel in a courier's payout (Steadfast's payment consignments): taka as paisa, null when not said. */
export type CourierPaymentLine = {
  consignmentId: string;
  invoice: string | null;
  trackingCode: string | null;
  /** The cash the rider collected. */
  codPaisa: number | null;
  /** The courier's charges for the parcel. */
  deliveryChargePaisa: number | null;
  codFeePaisa: number | null;
};
