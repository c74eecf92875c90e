// The SMS provider interface (decision 094), in the pattern of the couriers' (shipping/types.ts):
// plain types only. `capture` is the default and needs nothing; `http` is a gateway.

/** Every SMS provider the shop knows; `capture` keeps texts for admins at /admin/mail. */
export const SMS_PROVIDER_NAMES = ["capture", "http"] as const;
export type SmsProviderName = (typeof SMS_PROVIDER_NAMES)[number];

/**
 * Where a rendered text goes. `reachesPhone` says whether it leaves the shop: a captured text is
 * read in the back office (the demo's codes), one sent through a gateway keeps a copy without
 * its code. send() throws when the gateway refuses or does not answer: the queue retries.
 */
export interface SmsProvider {
  name: SmsProviderName;
  configured(): boolean;
  reachesPhone: boolean;
  send(to: string, text: string): Promise<void>;
}
