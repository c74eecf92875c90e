import { z } from "zod";

import { SHOP_UTC_OFFSET_HOURS } from "~/utils/shop-time";
import { toLatinDigits } from "~/utils/digits";
import { toPaisa } from "~/utils/money";

import { numberish } from "./numberish";

// Coupon inputs (issue 41 item 4), shared by the admin pages (conform) and /api/coupons.
// No server imports here: the browser bundle uses these schemas too.

export const CODE_MESSAGE = "A code is 3 to 30 letters, digits, - or _";
const PERCENT_MESSAGE = "Percent must be a whole number between 1 and 99";
const AMOUNT_MESSAGE = "Taka off must be more than 0, with at most 2 decimals";
const MIN_MESSAGE = "Minimum subtotal must be 0 or more, with at most 2 decimals";
const LIMIT_MESSAGE = "Limits must be whole numbers of at least 1";
const DATE_MESSAGE = "Give a date and time like 2026-12-01T09:00";
export const ONE_AMOUNT_MESSAGE = "Give a percent or a taka amount off, not both";
export const WINDOW_MESSAGE = "The end must be after the start";

/** What a buyer types is compared in capitals: "eid10", " Eid10 " and "EID10" are one code. */
export function normalizeCode(value: string): string {
  return value.trim().toUpperCase();
}

export const couponCodeSchema = z
  .string({ required_error: CODE_MESSAGE, invalid_type_error: CODE_MESSAGE })
  .transform(normalizeCode)
  .pipe(z.string().regex(/^[A-Z0-9_-]{3,30}$/, CODE_MESSAGE));

const blankIsNone = (value: unknown) => (value === "" || value === null ? undefined : value);

const money = (message: string, min: "positive" | "nonnegative") =>
  z.preprocess(
    numberish,
    z
      .number({ invalid_type_error: message })
      .finite(message)
      .refine((n) => (min === "positive" ? n > 0 : n >= 0) && toPaisa(n) !== null && n <= 10_000_000, message)
      .transform((n) => toPaisa(n)!)
      .optional(),
  );

const limit = z.preprocess(
  numberish,
  z.number({ invalid_type_error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(1_000_000, LIMIT_MESSAGE).optional(),
);

const SHOP_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A start or end: "2026-12-01T09:00" (what a datetime-local field sends) is shop
 * time, Dhaka; an ISO time with Z or an offset is that instant; a bare date is
 * the start of that Dhaka day.
 */
export function parseShopInstant(value: string): Date | null {
  const v = toLatinDigits(value).trim();
  let ms = NaN;
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) ms = Date.parse(`${v}T00:00:00Z`) - SHOP_UTC_OFFSET_HOURS * 3_600_000;
  else if (SHOP_LOCAL.test(v)) ms = Date.parse(`${v}Z`) - SHOP_UTC_OFFSET_HOURS * 3_600_000;
  else if (WITH_ZONE.test(v)) ms = Date.parse(v);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** An instant as a datetime-local field shows it, in shop time ("2026-12-01T09:00"). */
export function toShopLocal(at: Date | string | null): string {
  if (!at) return "";
  return new Date(new Date(at).getTime() + SHOP_UTC_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 16);
}

const instant = z.preprocess(
  blankIsNone,
  z
    .string({ invalid_type_error: DATE_MESSAGE })
    .transform((v, ctx) => {
      const at = parseShopInstant(v);
      if (!at) ctx.addIssue({ code: z.ZodIssueCode.custom, message: DATE_MESSAGE });
      return at ?? z.NEVER;
    })
    .optional(),
);

function booleanish(value: unknown) {
  if (value === "true" || value === "on") return true;
  if (value === "false" || value === "off") return false;
  return value;
}
const active = z.preprocess(booleanish, z.boolean({ invalid_type_error: "active must be true or false" }));

const shape = {
  code: couponCodeSchema,
  percent: z.preprocess(
    numberish,
    z.number({ invalid_type_error: PERCENT_MESSAGE }).int(PERCENT_MESSAGE).min(1, PERCENT_MESSAGE).max(99, PERCENT_MESSAGE).optional(),
  ),
  amountOff: money(AMOUNT_MESSAGE, "positive"),
  minSubtotal: money(MIN_MESSAGE, "nonnegative"),
  startsAt: instant,
  endsAt: instant,
  usageLimit: limit,
  perBuyerLimit: limit,
};

/** One amount and an end after the start: said beside the fields that are wrong. */
function coherent(v: { percent?: number; amountOff?: number; startsAt?: Date; endsAt?: Date }, ctx: z.RefinementCtx) {
  if ((v.percent === undefined) === (v.amountOff === undefined)) {
    for (const path of ["percent", "amountOff"]) ctx.addIssue({ code: z.ZodIssueCode.custom, message: ONE_AMOUNT_MESSAGE, path: [path] });
  }
  if (v.startsAt && v.endsAt && v.startsAt >= v.endsAt) ctx.addIssue({ code: z.ZodIssueCode.custom, message: WINDOW_MESSAGE, path: ["endsAt"] });
}

/** POST and PUT /api/coupons: a whole coupon; `active` defaults to true. Money in taka, stored as paisa. */
export const couponSchema = z.object({ ...shape, active: active.default(true) }).superRefine(coherent);

/** The admin form: an unchecked "Active" checkbox sends nothing, which means inactive. */
export const couponFormSchema = z.object({ ...shape, active: active.default(false) }).superRefine(coherent);

export type CouponInput = z.output<typeof couponSchema>;

/** The buyer's "Have a code?" field. */
export const applyCouponSchema = z.object({ code: couponCodeSchema });
