import type { CourierProvider } from "../types";
import { pollUpdate } from "./http.server";
import { pathaoBook, pathaoConfigured, pathaoQuote, pathaoStatusOf, pathaoTrackingUrl } from "./pathao-api.server";

// Pathao behind the courier interface; the HTTP calls are in pathao-api.server.ts.
export const pathao: CourierProvider = {
  name: "pathao",
  configured: pathaoConfigured,
  book: pathaoBook,
  status: async (id) => pollUpdate("pathao", id, await pathaoStatusOf(id)),
  quote: pathaoQuote,
  trackingUrl: pathaoTrackingUrl,
};
