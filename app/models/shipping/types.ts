// The courier interface (issue 36, decision 088): plain types only, so routes and tests can name a
// courier's answers without importing the shipping domain's server code. The words a courier's
// answer is told to orders in (its name, status, update, payout line) are orders' (orders/types.ts).
import type { CourierName, CourierPaymentLine, CourierStatus, CourierUpdate } from "~/models/orders/types";

/** A parcel to book: the order's number is the courier's invoice, so booking again never makes two. */
export type Parcel = {
  orderId: string;
  /** "TB-10001" */
  invoice: string;
  recipientName: string;
  /** 11 ASCII digits, "01712345678" */
  recipientPhone: string;
  recipientAddress: string;
  city: string;
  postalCode: string;
  /** Whole taka in paisa (app/utils/money.ts cashToCollectPaisa); 0 when already paid. */
  codPaisa: number;
  itemDescription: string;
  itemCount: number;
  note: string | null;
  /** Pathao's city/zone/area ids or RedX's area id, when the courier needs one. */
  area: { id: string; name: string; cityId?: string; zoneId?: string } | null;
};

export type Booking = {
  consignmentId: string;
  trackingCode: string;
  status: CourierStatus;
  /** Where the buyer follows the parcel. */
  trackingUrl: string;
  deliveryChargePaisa: number | null;
};

export type BookOutcome = { invoice: string; ok: true; booking: Booking } | { invoice: string; ok: false; message: string };

/** How a provider answers a webhook request before (or instead of) any order change. */
export type WebhookReading =
  | { kind: "updates"; updates: CourierUpdate[]; reply: { status: number; body: unknown; headers?: Record<string, string> } }
  | { kind: "reply"; reply: { status: number; body: unknown; headers?: Record<string, string> } }
  /** The courier paid an order out (Pathao's order.paid): `reference` is its payout invoice (decision 095). */
  | {
      kind: "payout";
      payout: { courier: CourierName; reference: string; consignmentId: string; invoice: string | null; at: Date };
      reply: { status: number; body: unknown; headers?: Record<string, string> };
    }
  | { kind: "refused"; status: 400 | 401; message: string };

/** A phone's delivery record at a courier (Steadfast's fraud check); for the buyer-record issue. */
export type CourierPhoneRecord = { source: CourierName; parcels: number; delivered: number; cancelled: number };

/** A payout the courier made to the shop; `reference` is its own payment id, which makes it once-only here. */
export type CourierPayment = {
  reference: string;
  amountPaisa: number;
  paidAt: Date;
  /** False while the courier still calls it pending: the money has not left it yet. */
  settled: boolean;
};

/** Reading a courier's payouts (Steadfast's GET /payments and /payments/{id}); absent: statements are uploaded. */
export interface CourierPayments {
  list(): Promise<CourierPayment[]>;
  get(reference: string): Promise<(CourierPayment & { lines: CourierPaymentLine[] }) | null>;
}

/**
 * A courier behind one interface, like the SMS transport: `manual` needs no configuration;
 * the others are on when their secrets are in the environment.
 * Errors: a refusal (bad phone, address too long) is CourierRefused with the courier's words;
 * a courier that cannot be reached is CourierDown. Neither leaves anything half-booked.
 */
export interface CourierProvider {
  name: CourierName;
  configured(): boolean;
  book(parcel: Parcel): Promise<Booking>;
  /** Many in one call where the courier allows it (Steadfast: 500). */
  bookMany?(parcels: Parcel[]): Promise<BookOutcome[]>;
  status?(consignmentId: string): Promise<CourierUpdate | null>;
  readWebhook?(request: { headers: Headers; body: string }): WebhookReading;
  quote?(parcel: Parcel): Promise<number | null>;
  phoneRecord?(phone: string): Promise<CourierPhoneRecord | null>;
  /** The courier's payouts, where its API lists them (Steadfast); others' statements are uploaded by hand. */
  payments?: CourierPayments;
  trackingUrl(trackingCode: string): string;
}
