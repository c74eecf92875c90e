import { linkTokenFor } from "~/models/accounts/index.server";
import { registerPhoneRecordSource } from "~/models/customers/index.server";
import { registerLinkComposer, registerOrderComposer } from "~/models/mail/index.server";
import { orderComposer } from "~/models/orders/index.server";
import { courierPhoneRecord } from "~/models/shipping/index.server";

// Imports between domains only go down (decision 116, tests/unit/domain-layers.test.ts). Where a
// lower domain needs an answer only an upper one can give, it declares the shape in its types.ts
// and takes the answer from whoever is registered; this is the one place that registers them, run
// when the server build loads (entry.server.tsx, so the shop, `npm start` and `npm run worker`), by
// registerAllJobs (app/jobs.server.ts) and by the tests that need a link. A new link is one line here.

export function linkDomains() {
  registerPhoneRecordSource(courierPhoneRecord); // a buyer's record at the couriers: customers ask shipping
  registerOrderComposer(orderComposer); // what an order message says, and whether it still goes: mail asks orders
  registerLinkComposer(linkTokenFor); // the token of a mailed link (decision 046): mail asks accounts
}
