import { normalizeCode } from "~/schemas/coupon";
import { prisma, type Tx } from "~/models/platform/index.server";
import { normalizeBdMobile } from "~/utils/phone";
import { formatTaka } from "~/utils/money";

import { ServiceError } from "~/models/platform/index.server";
import { couponOffPaisa, toTaka, type CouponTerms } from "~/models/catalogue/index.server";

// Whether a typed code applies to a cart, in ONE place: the cart and checkout
// pages ask it to show the discount, and placeOrder asks it again inside the
// order's transaction with the coupon's row locked (decision 086). A code's
// uses are its orders that are not cancelled, so a cancelled order, or one
// whose cash-on-delivery hold ran out, gives its use back with nothing to undo.

export type CouponReason = "unknown" | "inactive" | "notYet" | "expired" | "usedUp" | "buyerLimit" | "minimum";

/** Why a code was refused; money in taka, for the page to write in its own language (coupon.json). */
export type CouponRefusal = { reason: CouponReason; code: string; min?: number; items?: number };

const ENGLISH: Record<CouponReason, string> = {
  unknown: "We don't know the code {{code}}. Check it and try again.",
  inactive: "The code {{code}} is not in use right now.",
  notYet: "The code {{code}} is not valid yet.",
  expired: "The code {{code}} has expired.",
  usedUp: "The code {{code}} has been used up.",
  buyerLimit: "You have already used the code {{code}} as often as it allows.",
  minimum: "The code {{code}} needs items worth at least {{min}}; yours come to {{items}}.",
};

export function englishRefusal(r: CouponRefusal): string {
  const values: Record<string, string> = { code: r.code, min: formatTaka(r.min ?? 0), items: formatTaka(r.items ?? 0) };
  return ENGLISH[r.reason].replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");
}

/** A refused code: the API's 400 {message}; pages show `refusal` in their language, beside the code field. */
export class CouponRefused extends ServiceError {
  constructor(public refusal: CouponRefusal) {
    const message = englishRefusal(refusal);
    super(400, message, { couponCode: [message] });
  }
}

/** A code that applies: what the order stores and how it is priced. */
export type AppliedCoupon = CouponTerms & { id: number; code: string };

type CouponRow = AppliedCoupon & {
  minSubtotalPaisa: number;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perBuyerLimit: number | null;
  active: boolean;
};

/** Who is ordering: a guest is the same buyer by phone or by e-mail. */
export type CouponBuyer = { phone: string; email: string };

type Options = {
  /** The items' total after the automatic discounts. */
  itemsPaisa: number;
  /** Unknown on the cart page (no phone yet): the per-buyer limit waits for checkout. */
  buyer?: CouponBuyer | null;
  now?: Date;
};

async function readCoupon(db: Tx, code: string, lock: boolean): Promise<CouponRow | null> {
  if (!lock) return db.coupon.findUnique({ where: { code } });
  // FOR UPDATE: a second order with this code waits here until the first commits, then counts its use.
  const [row] = await db.$queryRaw<CouponRow[]>`
    SELECT id, code, percent, "amountOffPaisa", "minSubtotalPaisa", "startsAt", "endsAt", "usageLimit", "perBuyerLimit", active
    FROM "Coupon" WHERE code = ${code} FOR UPDATE`;
  return row ?? null;
}

async function countUses(db: Tx, couponId: number, buyer: CouponBuyer | null | undefined) {
  const phone = buyer ? (normalizeBdMobile(buyer.phone) ?? buyer.phone) : "";
  const email = buyer ? buyer.email.trim().toLowerCase() : "";
  const [row] = await db.$queryRaw<{ total: number; mine: number }[]>`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE ${Boolean(buyer)}::boolean AND (phone = ${phone} OR "shippingEmail" = ${email}))::int AS mine
    FROM "Order" WHERE "couponId" = ${couponId}::int AND "cancelledAt" IS NULL`;
  return row ?? { total: 0, mine: 0 };
}

/** The refusal for a coupon as it stands (the rule's order: what the buyer can least change first). */
export function couponRefusal(c: CouponRow, at: Date, itemsPaisa: number, uses: { total: number; mine: number }): CouponRefusal | null {
  const code = c.code;
  if (!c.active) return { reason: "inactive", code };
  if (c.startsAt && at < c.startsAt) return { reason: "notYet", code };
  if (c.endsAt && at >= c.endsAt) return { reason: "expired", code };
  if (c.usageLimit !== null && uses.total >= c.usageLimit) return { reason: "usedUp", code };
  if (c.perBuyerLimit !== null && uses.mine >= c.perBuyerLimit) return { reason: "buyerLimit", code };
  if (itemsPaisa < c.minSubtotalPaisa) return { reason: "minimum", code, min: toTaka(c.minSubtotalPaisa), items: toTaka(itemsPaisa) };
  return null;
}

/**
 * The coupon a typed code names, if it applies now to these items and this
 * buyer; throws CouponRefused (400) otherwise. Inside placeOrder's
 * transaction `lock` holds the coupon's row until commit, so of two orders
 * racing for its last use the second counts the first and is refused.
 */
export async function checkCoupon(db: Tx, typed: string, options: Options & { lock?: boolean }): Promise<AppliedCoupon> {
  const code = normalizeCode(typed);
  const row = code ? await readCoupon(db, code, options.lock ?? false) : null;
  if (!row) throw new CouponRefused({ reason: "unknown", code: code || typed });
  const uses = row.usageLimit !== null || row.perBuyerLimit !== null ? await countUses(db, row.id, options.buyer) : { total: 0, mine: 0 };
  const refusal = couponRefusal(row, options.now ?? new Date(), options.itemsPaisa, uses);
  if (refusal) throw new CouponRefused(refusal);
  return { id: row.id, code: row.code, percent: row.percent, amountOffPaisa: row.amountOffPaisa };
}

/** For pages: the coupon and what it takes off, or why not (no lock, nothing written). */
export async function previewCoupon(
  typed: string,
  options: Options,
): Promise<{ ok: true; coupon: AppliedCoupon; offPaisa: number } | { ok: false; refusal: CouponRefusal }> {
  try {
    const coupon = await checkCoupon(prisma as unknown as Tx, typed, options);
    return { ok: true, coupon, offPaisa: couponOffPaisa(options.itemsPaisa, coupon) };
  } catch (error) {
    if (error instanceof CouponRefused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}
