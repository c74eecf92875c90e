import { keyedError, prisma, type ShopSettings } from "~/models/platform/index.server";
import { SHOP_CONTACT } from "~/utils/contact";
import { normalizeBdMobile } from "~/utils/phone";

import { refreshInBackground } from "./courier-record.server";
import { readRecord, type BuyerRecord } from "./phone-record.server";

// Checkout's one look at the buyer (issue 37 item 2): a blocked phone or e-mail is refused with
// the shop's number and no word of why, and a risky phone, or a new one with a large order, waits
// for the shop's call instead of an SMS code. One indexed read by key (bench/phone-record.mjs).

/** Never says "blocked": a blocked buyer may be someone who shares a phone, and the shop talks it over. */
export const CALL_US_TO_ORDER = "Please call us to order: {{phone}}";

export type CallReason = "risky" | "new-large";

export type BuyerCheck = {
  record: BuyerRecord;
  /** Why an order of this total (paisa) must be confirmed by a call; null: the usual confirmation. */
  callFor(totalPaisa: number): CallReason | null;
};

/** The e-mail as blocklists key it: lower case. */
const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * Reads the buyer's record (one query, with the e-mail's block); throws the neutral 400 for a
 * blocked phone or e-mail. A courier's record that is missing or a day old is asked for in the
 * background: checkout never waits for a courier.
 */
export async function checkBuyer(buyer: { phone: string; email: string }, settings: ShopSettings): Promise<BuyerCheck> {
  const phone = normalizeBdMobile(buyer.phone) ?? buyer.phone;
  const [record, emailBlocked] = await Promise.all([
    readRecord(prisma, phone, settings),
    prisma.blockedEmail.findUnique({ where: { email: emailKey(buyer.email) }, select: { email: true } }),
  ]);
  if (record.badge === "blocked" || emailBlocked) throw keyedError(400, { key: CALL_US_TO_ORDER, values: { phone: SHOP_CONTACT.phone } });
  refreshInBackground(phone, record.courier?.checkedAt);
  return {
    record,
    callFor: (totalPaisa) => (record.badge === "risky" ? "risky" : record.badge === "new" && totalPaisa > settings.callNewAboveTaka * 100 ? "new-large" : null),
  };
}
