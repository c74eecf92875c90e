// Service tests that save the shop's default settings but are not about the phone record (issue 37,
// decision 092): their few test phones pile up expired holds, which the defaults would count as a
// risky record and turn into "we will call" orders. The record's own tests use the defaults.
export const NO_CALL_RULE = { riskyMinFailures: 1_000, callNewAboveTaka: 10_000_000 };

/** Many orders from one fixture buyer: the per-buyer limits are order-limits.test.ts's and anti-drain.test.ts's subject. */
export const LOOSE_BUYER_LIMITS = {
  ordersPerPhonePerDay: 100_000,
  ordersPerEmailPerDay: 100_000,
  ordersPerAccountPerDay: 100_000,
  smsPerPhonePerHour: 100_000,
  heldPiecesPerPhone: 100_000,
};
