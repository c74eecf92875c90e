import type { CourierProvider } from "../types";
import { pollUpdate } from "./http.server";
import { steadfastBook, steadfastBookMany, steadfastConfigured, steadfastPhoneRecord, steadfastStatusOf, steadfastTrackingUrl } from "./steadfast-api.server";
import { steadfastPayments } from "./steadfast-payments.server";

// Steadfast behind the courier interface; the HTTP calls are in steadfast-api.server.ts.
export const steadfast: CourierProvider = {
  name: "steadfast",
  configured: steadfastConfigured,
  book: steadfastBook,
  bookMany: steadfastBookMany,
  status: async (id) => pollUpdate("steadfast", id, await steadfastStatusOf(id)),
  phoneRecord: steadfastPhoneRecord,
  payments: steadfastPayments,
  trackingUrl: steadfastTrackingUrl,
};
