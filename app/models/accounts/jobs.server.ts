import { registerLinkComposer } from "~/models/mail/index.server";

import { linkTokenFor } from "./link-token.server";

/**
 * Accounts have no task of their own on the job queue; they lend mail's send task one step: the
 * token of a mailed link (password reset, e-mail change), derived when the message is sent from
 * the nonce it was queued with (decision 046). Mail sits below accounts, so it asks through this
 * step rather than importing accounts (issue 39).
 */
export function registerAccountJobs() {
  registerLinkComposer(linkTokenFor);
}
