import type { OrderDTO } from "./order-dto.server";

// Who may see an order, and how much of it (decision 007, issue 27 item 7).

export type Viewer = { id: number; isAdmin: boolean } | null;

type Owned = { userId: number | null; placedAsGuest: boolean };

/**
 * An admin, the account that placed it, anyone holding a guest order's link (its id is an unguessable
 * UUID), or a browser that opened the order's SMS short link (`linked`, decision 084).
 */
export function canView(order: Owned, viewer: Viewer, linked = false): boolean {
  return order.placedAsGuest || linked || Boolean(viewer?.isAdmin) || (order.userId !== null && viewer?.id === order.userId);
}

/** Someone who holds only a guest order's link: not its account, not an admin. */
export function viewsByLinkOnly(order: Owned, viewer: Viewer): boolean {
  return !viewer?.isAdmin && !(order.userId !== null && viewer?.id === order.userId);
}

/** `k•••@example.com`: enough for the buyer to recognise, too little to use. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

/** `017•••••344`: the operator prefix and the last three digits. */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return "•••";
  return `${phone.slice(0, 3)}${"•".repeat(phone.length - 6)}${phone.slice(-3)}`;
}

/** The street part cut to its first word: the city and postal code stay, so the buyer still recognises it. */
export function maskStreet(address: string): string {
  const first = address.trim().split(/[\s,]+/)[0] ?? "";
  return first.length < address.trim().length ? `${first} •••` : address;
}

/**
 * What a link-only viewer sees: the e-mail and phone masked (they are the
 * guest's proof for cancelling, so the page that needs the proof must not
 * print it) and the street cut, since a forwarded link should not give away
 * a home address. The buyer still sees enough to recognise their order.
 */
export function maskedForLink(order: OrderDTO): OrderDTO {
  const a = order.shippingAddress;
  return {
    ...order,
    shippingAddress: { ...a, email: maskEmail(a.email), phone: maskPhone(a.phone), address: maskStreet(a.address) },
  };
}
