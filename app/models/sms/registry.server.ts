import { capture } from "./providers/capture.server";
import { http } from "./providers/http.server";
import type { SmsProvider } from "./types";

// Which SMS provider is in use (re-exported by index.server.ts), as shipping/registry.server.ts
// says which couriers are: the gateway when its settings are in the environment, else capture.

/** The provider for the current environment (read each time, so a test can point it at its own server). */
export function smsProvider(): SmsProvider {
  return http.configured() ? http : capture;
}

/** True when messages are kept for admins rather than sent (no SMS_URL). */
export const smsIsCaptured = () => !smsProvider().reachesPhone;

/**
 * The demo (`npm start` on its own embedded database, SHOP_DEMO=1) may show a
 * captured code on the order page, marked as a demo, so a newcomer can finish
 * a guest order. A real deployment never does, whatever else is set.
 */
export const demoShowsCodes = () => smsIsCaptured() && process.env.SHOP_DEMO === "1";
