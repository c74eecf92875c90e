import type { SmsProvider } from "../types";

// The default, like the couriers' `manual`: nothing to configure and nothing leaves the shop. The
// outbox row keeps the rendered text, so an admin reads it at /admin/mail (and the demo shows codes).
export const capture: SmsProvider = {
  name: "capture",
  configured: () => true,
  reachesPhone: false,
  send: async () => {},
};
