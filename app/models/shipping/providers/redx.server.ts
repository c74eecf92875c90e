import type { CourierProvider } from "../types";
import { pollUpdate } from "./http.server";
import { redxBook, redxConfigured, redxQuote, redxStatusOf, redxTrackingUrl } from "./redx-api.server";

// RedX behind the courier interface; the HTTP calls are in redx-api.server.ts.
export const redx: CourierProvider = {
  name: "redx",
  configured: redxConfigured,
  book: redxBook,
  status: async (id) => pollUpdate("redx", id, await redxStatusOf(id)),
  quote: redxQuote,
  trackingUrl: redxTrackingUrl,
};
