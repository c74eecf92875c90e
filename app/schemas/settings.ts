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
});

export type ShopSettings = z.output<typeof shopSettingsSchema>;
