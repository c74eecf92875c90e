import type { LinkComposer, OrderComposer, QueuedMessage } from "./types";

/*
 * The compose steps the domains that queue messages lend mail's send job (issue 39). An order
 * message carries only the order's id, an account message only a nonce; what they say is written
 * at send time from the order as it is then, and a link's token is derived then and stored
 * nowhere (decision 046). Orders and accounts sit above mail, so app/domain-links.server.ts
 * registers their steps and mail imports nothing from them. A message that needs a step
 * nobody registered fails loudly and is retried, never sent empty.
 */

let orderComposer: OrderComposer | null = null;
let linkComposer: LinkComposer | null = null;

/** Orders' step (app/domain-links.server.ts); registering again replaces it. */
export function registerOrderComposer(composer: OrderComposer): void {
  orderComposer = composer;
}

/** Accounts' step (app/domain-links.server.ts); registering again replaces it. */
export function registerLinkComposer(composer: LinkComposer): void {
  linkComposer = composer;
}

function orders(): OrderComposer {
  if (!orderComposer) throw new Error("mail: an order message needs orders' compose step, and none is registered (linkDomains)");
  return orderComposer;
}

/** The order a message is about, if it is about one: every order template's data names it. */
const orderIdOf = (message: QueuedMessage): string | null => {
  const id = (message.data as { orderId?: unknown } | null)?.orderId;
  return typeof id === "string" && id ? id : null;
};

/** Why a queued message should not go now (orders say it for theirs), or null to send it. */
export async function mootReason(message: QueuedMessage): Promise<string | null> {
  return orderIdOf(message) ? orders().mootReason(message) : null;
}

/** The order as its messages tell it now. */
export function orderForMessage(orderId: string) {
  return orders().order(orderId);
}

/** The token of an account message's link. */
export function linkTokenFor(purpose: Parameters<LinkComposer>[0], nonce: string): string {
  if (!linkComposer) throw new Error("mail: an account link needs accounts' compose step, and none is registered (linkDomains)");
  return linkComposer(purpose, nonce);
}
