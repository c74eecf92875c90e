import { z } from "zod";

import { BADGES } from "./customer-phone";
import { ORDER_FILTERS } from "./order";

// Order operations: cancelling (page form and PUT /api/orders/{id}/cancel) and
// the admin order list's filters. No server imports: the browser uses these.

export const CANCEL_REASONS = ["refused", "customer-asked", "out-of-stock", "other"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Set by the shop itself, never chosen: a cash-on-delivery order whose hold ran out unconfirmed (decision 055). */
export const NOT_CONFIRMED = "not-confirmed";
/** Every reason an order can carry: the ones an admin chooses, and the shop's own. */
export const ORDER_CANCEL_REASONS = [...CANCEL_REASONS, NOT_CONFIRMED] as const;
export type OrderCancelReason = (typeof ORDER_CANCEL_REASONS)[number];

export const CANCEL_REASON_LABELS: Record<OrderCancelReason, string> = {
  refused: "Refused at the door",
  "customer-asked": "Customer asked",
  "out-of-stock": "Out of stock",
  other: "Other",
  "not-confirmed": "Not confirmed",
};

const REASON_MESSAGE = `reason must be one of ${CANCEL_REASONS.join(", ")}`;

/**
 * A shopper's cancel form sends no reason (it is always "customer asked", set
 * by the service); an admin must choose one.
 */
// A guest (no account) proves the order is theirs with the checkout e-mail or phone.
const proofText = (what: string) =>
  z
    .string({ invalid_type_error: `${what} must be text` })
    .trim()
    .max(254, `${what} is too long`)
    .optional();

export const cancelOrderSchema = z.object({
  reason: z.enum(CANCEL_REASONS, { errorMap: () => ({ message: REASON_MESSAGE }) }).optional(),
  email: proofText("Email"),
  phone: proofText("Phone"),
});

export type CancelOrderInput = z.output<typeof cancelOrderSchema>;

/** Couriers a Bangladeshi shop hands parcels to (issue 28 item 2); "own-rider" is the shop's own delivery. */
export const COURIERS = ["pathao", "steadfast", "redx", "sundarban", "paperfly", "own-rider", "other"] as const;
export type Courier = (typeof COURIERS)[number];

export const COURIER_LABELS: Record<Courier, string> = {
  pathao: "Pathao",
  steadfast: "Steadfast",
  redx: "RedX",
  sundarban: "Sundarban Courier",
  paperfly: "Paperfly",
  "own-rider": "Own rider",
  other: "Other courier",
};

const COURIER_MESSAGE = `courier must be one of ${COURIERS.join(", ")}`;
const TRACKING_MESSAGE = "Enter the courier's tracking number";

/**
 * Handing an order to a courier (admin order page and PUT /api/orders/{id}/ship).
 * A courier's parcel has a tracking number; the shop's own rider has none, so
 * for "own-rider" it may be left out. "Other courier" names itself in the note.
 */
export const shipOrderSchema = z
  .object({
    courier: z.enum(COURIERS, { errorMap: () => ({ message: COURIER_MESSAGE }) }),
    trackingNumber: z
      .string({ invalid_type_error: "trackingNumber must be text" })
      .trim()
      .max(40, "A tracking number has at most 40 characters")
      .regex(/^[\p{L}\p{N}\-_/. ]*$/u, "A tracking number has only letters, digits, spaces and - _ / .")
      .optional()
      .transform((v) => v || undefined),
    note: z
      .string({ invalid_type_error: "note must be text" })
      .trim()
      .max(200, "The note has at most 200 characters")
      .optional()
      .transform((v) => v || undefined),
  })
  .superRefine((v, ctx) => {
    if (!v.trackingNumber && v.courier !== "own-rider") ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: TRACKING_MESSAGE });
    if (v.courier === "other" && !v.note) ctx.addIssue({ code: "custom", path: ["note"], message: "Name the courier in the note" });
  });

export type ShipOrderInput = z.output<typeof shipOrderSchema>;

/** A shipment as the timeline stores it (OrderEvent.reason): the courier's code, then the tracking number if any. */
export function shipmentWords(order: { courier: string | null; trackingNumber: string | null }): string {
  return [order.courier ?? "other", order.trackingNumber].filter(Boolean).join(" ");
}

/** The courier code and tracking number back out of `shipmentWords`; an unknown code reads as "other". */
export function shipmentFromWords(words: string): { courier: Courier; trackingNumber: string | null } {
  const space = words.indexOf(" ");
  const code = space < 0 ? words : words.slice(0, space);
  const courier = (COURIERS as readonly string[]).includes(code) ? (code as Courier) : "other";
  return { courier, trackingNumber: space < 0 ? null : words.slice(space + 1) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A YYYY-MM-DD date from a date input; anything else (or empty) means no bound. */
const day = z
  .string()
  .regex(DAY)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
  .optional()
  .catch(undefined);

/**
 * The admin order list's query (page, CSV export): unknown or malformed values
 * fall back to "no filter" rather than an error, as a hand-edited URL deserves.
 */
export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_FILTERS).catch("all"),
  keyword: z.string().trim().max(100).catch(""),
  from: day,
  to: day,
  /** One customer's orders, by e-mail or phone (linked from the users list). */
  customer: z.string().trim().max(254).catch(""),
  /** Buyers whose phone has this badge (issue 37). */
  badge: z.enum(BADGES).optional().catch(undefined),
});

export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/** The query as URL parameters, leaving out what is at its default. */
export function orderListParams(q: Partial<OrderListQuery>, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (q.keyword) params.set("keyword", q.keyword);
  if (q.status && q.status !== "all") params.set("status", q.status);
  if (q.from) params.set("from", q.from);
  if (q.to) params.set("to", q.to);
  if (q.customer) params.set("customer", q.customer);
  if (q.badge) params.set("badge", q.badge);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params;
}

/** The code from the confirmation SMS (page form and POST /api/orders/{id}/confirm); Bangla digits are read as Latin. */
export const confirmCodeSchema = z.object({
  code: z
    .string({ required_error: "Enter the 6-digit code from the SMS", invalid_type_error: "Enter the 6-digit code from the SMS" })
    .trim()
    .max(20, "Enter the 6-digit code from the SMS"),
});
