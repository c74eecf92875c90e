// Service tests that save the shop's default settings but are not about the phone record (issue 37,
// decision 092): their few test phones pile up expired holds, which the defaults would count as a
// risky record and turn into "we will call" orders. The record's own tests use the defaults.
export const NO_CALL_RULE = { riskyMinFailures: 1_000, callNewAboveTaka: 10_000_000 };
