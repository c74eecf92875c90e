import { z } from "zod";

import { toLatinDigits } from "~/utils/digits";
import { toPaisa } from "~/utils/money";

import { numberish } from "./numberish";
import { COURIER_LABELS, COURIERS } from "./order-ops";

// Courier payouts (issue 36 item 5, decision 095): one schema for the admin's form and POST /api/payouts,
// and one for the items that came back after a partial delivery. No server imports: the browser uses these.

const COURIER_MESSAGE = `courier must be one of ${COURIERS.join(", ")}`;
const REFERENCE_MESSAGE = "Give the courier's payout reference (1 to 100 characters)";
const AMOUNT_MESSAGE = "The amount paid must be 0 or more taka, with at most 2 decimals";
const DATE_MESSAGE = "Give the date paid like 2026-12-01";
export const ORDERS_MESSAGE = "List the orders it pays: one per line, an order number or consignment id, optionally a comma and the taka paid";
const LINE_MESSAGE = "Each line is an order number or consignment id, optionally with the taka paid for it";
export const MAX_PAYOUT_ORDERS = 2000;

/** Taka (number or text, Bangla digits too) to paisa; null when not an amount. */
function takaToPaisa(value: unknown): number | null {
  const n = numberish(value);
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0 || n > 100_000_000) return null;
  return toPaisa(n);
}

export type PayoutLine = {
  ref: string;
  paidPaisa: number | null;
  /** The courier's own figures for the parcel (read from its payments API), filling what the order lacks. */
  collectedPaisa?: number | null;
  deliveryChargePaisa?: number | null;
  codFeePaisa?: number | null;
};

/** Words a courier's CSV puts in its header row; such a row is skipped. */
const HEADER = /invoice|consignment|tracking|order|parcel|id/i;

/** A CSV row's cells: a comma, semicolon or tab separates them; a quoted cell keeps its commas ("1,070"). */
function splitRow(row: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (const ch of row) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "," || ch === ";" || ch === "\t")) {
      cells.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/**
 * The orders a payout covers, as the admin pastes them (a courier's payout CSV, or one order per line):
 * the first column is the order number (TB-10001), the consignment id or the tracking code; the second,
 * when there, the taka paid for it. A header row is skipped. Null when a line cannot be read.
 */
export function parsePayoutLines(text: string): PayoutLine[] | null {
  const lines: PayoutLine[] = [];
  const rows = toLatinDigits(text)
    .split(/\r?\n/)
    .map((row) => row.trim())
    .filter(Boolean);
  for (const [index, row] of rows.entries()) {
    const cells = splitRow(row);
    const ref = cells[0] ?? "";
    const paid = cells[1] === undefined || cells[1] === "" ? null : takaToPaisa(cells[1].replace(/[৳,]/g, ""));
    if (index === 0 && HEADER.test(row) && (cells[1] === undefined || paid === null) && !/\d{3,}/.test(ref)) continue;
    if (!/^[\w\-/.]{1,64}$/.test(ref) || (cells[1] !== undefined && cells[1] !== "" && paid === null)) return null;
    lines.push({ ref, paidPaisa: paid });
  }
  return lines;
}

const lineSchema = z.object({
  order: z.union([z.string(), z.number()]).transform(String),
  paid: z.unknown().optional(),
});

/** The orders as a pasted text (the form) or as `[{order, paid?}]` (the API); both become PayoutLines. */
const ordersSchema = z.unknown().transform((value, ctx): PayoutLine[] => {
  let lines: PayoutLine[] | null = null;
  if (typeof value === "string") lines = parsePayoutLines(value);
  else if (Array.isArray(value)) {
    lines = [];
    for (const item of value) {
      const parsed = lineSchema.safeParse(item);
      const paid = parsed.success && parsed.data.paid !== undefined && parsed.data.paid !== null ? takaToPaisa(parsed.data.paid) : null;
      if (!parsed.success || !/^[\w\-/.]{1,64}$/.test(parsed.data.order.trim()) || (parsed.data.paid != null && paid === null)) {
        lines = null;
        break;
      }
      lines.push({ ref: parsed.data.order.trim(), paidPaisa: paid });
    }
  }
  if (lines === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: LINE_MESSAGE });
  else if (lines.length === 0 || lines.length > MAX_PAYOUT_ORDERS) ctx.addIssue({ code: z.ZodIssueCode.custom, message: ORDERS_MESSAGE });
  return lines ?? [];
});

export const payoutSchema = z.object({
  courier: z.enum(COURIERS, { errorMap: () => ({ message: COURIER_MESSAGE }) }),
  reference: z
    .string({ required_error: REFERENCE_MESSAGE, invalid_type_error: REFERENCE_MESSAGE })
    .trim()
    .min(1, REFERENCE_MESSAGE)
    .max(100, REFERENCE_MESSAGE),
  amount: z.unknown().transform((value, ctx) => {
    const paisa = takaToPaisa(value);
    if (paisa === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: AMOUNT_MESSAGE });
    return paisa ?? 0;
  }),
  paidAt: z.string({ required_error: DATE_MESSAGE, invalid_type_error: DATE_MESSAGE }).transform((value, ctx) => {
    const day = /^(\d{4}-\d{2}-\d{2})/.exec(toLatinDigits(value.trim()))?.[1];
    // Noon in Dhaka: the day stays the same day whichever zone reads it.
    const at = day ? new Date(`${day}T12:00:00+06:00`) : null;
    if (!at || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: DATE_MESSAGE });
      return new Date(0);
    }
    return at;
  }),
  orders: ordersSchema,
  note: z.string().trim().max(500, "The note is at most 500 characters").optional(),
});

export type PayoutInput = z.output<typeof payoutSchema>;

export const PAYOUT_COURIERS = COURIERS;
export { COURIER_LABELS };

const QTY_MESSAGE = "Give how many came back: a whole number from 0 to the quantity ordered";

/**
 * Which items came back after a partial delivery: `{returned: [{item, qty}]}` (the API), or
 * `returned[0].item` / `returned[0].qty` fields (the form). The service checks each against the order's lines.
 */
export const partReturnSchema = z.object({
  returned: z
    .array(
      z.object({
        item: z.preprocess(numberish, z.number({ required_error: QTY_MESSAGE, invalid_type_error: QTY_MESSAGE }).int().min(1).max(2_147_483_647)),
        qty: z.preprocess(
          (value) => numberish(value) ?? 0,
          z.number({ invalid_type_error: QTY_MESSAGE }).int(QTY_MESSAGE).min(0, QTY_MESSAGE).max(10_000, QTY_MESSAGE),
        ),
      }),
      { required_error: QTY_MESSAGE, invalid_type_error: QTY_MESSAGE },
    )
    .max(200, QTY_MESSAGE),
});

export type PartReturnInput = z.output<typeof partReturnSchema>;
