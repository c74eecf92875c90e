import { z } from "zod";

import { COURIER_NAMES } from "./booking";
import { numberish } from "./numberish";

// The shop's settings (admin, /admin/settings): one schema for the form and the stored rows.
// Defaults never stop a real shopper and always stop a script (decision 055):
// - a Bangladeshi mobile operator puts many subscribers behind one address, so
//   the per-IP limit is generous; per phone, e-mail and line carry the weight;
// - the caps keep one order from taking a size's whole stock.

export const COD_CONFIRM_MODES = ["guests", "all", "none"] as const;
export type CodConfirmMode = (typeof COD_CONFIRM_MODES)[number];

const count = (fallback: number, max: number) =>
  z.preprocess(
    numberish,
    z
      .number({ invalid_type_error: "Enter a whole number" })
      .int("Enter a whole number")
      .min(1, "Enter a number of at least 1")
      .max(max, `Enter a number of at most ${max}`)
      .default(fallback),
  );

export const shopSettingsSchema = z.object({
  /** Which cash-on-delivery orders wait for a code from the buyer's phone. */
  codConfirm: z.enum(COD_CONFIRM_MODES, { errorMap: () => ({ message: "Choose which orders to confirm" }) }).default("guests"),
  /** Orders per client IP in the last hour. */
  ordersPerIpPerHour: count(20, 100_000),
  /** Orders per phone number in the last 24 hours. */
  ordersPerPhonePerDay: count(5, 100_000),
  /** Orders per e-mail address in the last 24 hours. */
  ordersPerEmailPerDay: count(5, 100_000),
  /** Orders per signed-in account in the last 24 hours. */
  ordersPerAccountPerDay: count(10, 100_000),
  /** Most pieces of one product in one size in an order (and in the cart). */
  maxQtyPerLine: count(10, 1_000),
  /** Most lines (product and size) in an order. */
  maxLinesPerOrder: count(20, 200),
  /** Most pieces in an order. */
  maxQtyPerOrder: count(30, 10_000),
  /** Pieces held by one phone's orders not yet shipped, all of them together (issue 37, decision 093). */
  heldPiecesPerPhone: count(30, 100_000),
  /** Pieces held by one account's orders not yet shipped. */
  heldPiecesPerAccount: count(30, 100_000),
  /** Pieces held by the orders of one client address not yet shipped: generous, many shoppers share a mobile operator's address. */
  heldPiecesPerIp: count(100, 100_000),
  /** Code SMS (first sends and resends) to one phone number per hour. */
  smsPerPhonePerHour: count(4, 100_000),
  /** Code SMS asked for from one client address per hour. */
  smsPerIpPerHour: count(20, 100_000),
  /** Code SMS the whole shop sends per hour (every instance together): what a pumping script can cost at most. */
  smsPerShopPerHour: count(300, 1_000_000),
  /** Couriers booked through their API (issue 36); `manual` (type the tracking number) is always on. */
  couriersOn: z.preprocess(
    (v) => (typeof v === "string" ? [v] : v),
    z.array(z.enum(COURIER_NAMES, { errorMap: () => ({ message: "Choose couriers from the list" }) })).default([]),
  ),
  /** The courier the order page's "Book" button uses; one that is off or not configured falls back to manual. */
  defaultCourier: z.enum(COURIER_NAMES, { errorMap: () => ({ message: "Choose a courier from the list" }) }).default("manual"),
  /** A phone is risky below this delivered share (percent) of its settled orders (issue 37, decision 092)… */
  riskyBelowPercent: count(70, 100),
  /** …once it has at least this many refused, returned or never-confirmed orders. */
  riskyMinFailures: count(2, 1_000),
  /** A new phone's order above this total (taka) waits for a call. */
  callNewAboveTaka: count(5_000, 10_000_000),
  /**
   * Hold a new review from an account without a delivered order of the product until an admin
   * approves it (issue 37, decision 105). Off: every review counts at once, as the spec says.
   * A form's checkbox sends "on" or nothing; the stored row and the API send a boolean.
   */
  holdUnverifiedReviews: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).default(false),
});

export type ShopSettings = z.output<typeof shopSettingsSchema>;
