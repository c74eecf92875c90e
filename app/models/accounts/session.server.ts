import { createCookieSessionStorage, redirect } from "@remix-run/node";

import { env, sessionSecrets } from "~/models/platform/index.server";

// One signed cookie carries the sign-in (user id, expiry, session version) and
// the cart/checkout state, for guests and shoppers alike: see
// docs/decisions/002-cart-in-the-session-cookie.md.

/** `color`: the variant's colour name (issue 38); absent for a product without colours and in carts from before. */
export type CartLine = { productId: number; size: string; color?: string; qty: number };
export type ShippingInfo = {
  address: string;
  city: string;
  postalCode: string;
  phone: string;
  deliveryLabel: "Home" | "Office";
  name?: string;
  email?: string;
};
export type Toast = { type: "success" | "error" | "info"; message: string };

type SessionData = {
  /** Random id of this sign-in; logout revokes it (session-revocation.server.ts). */
  sessionId: string;
  userId: number;
  /** Epoch ms after which the sign-in is void (renewed by a profile save, never past signedInAt + the absolute lifetime). */
  expiresAt: number;
  /** Epoch ms of the password sign-in (or reset, or registration) this session comes from; renewing never moves it. */
  signedInAt: number;
  /** Copy of User.sessionVersion at sign-in; a password change bumps the user's. */
  sessionVersion: number;
  cart: CartLine[];
  shipping: ShippingInfo;
  paymentMethod: string;
  /** The coupon code applied in the cart or at checkout (issue 41 item 4), in capitals; placeOrder checks it again. */
  coupon: string;
  /** Guest orders this browser found through /orders/find, and until when that proof holds (lookup-proof.server.ts). */
  provenOrders: { id: string; until: number }[];
  /** Orders opened here through an SMS's short link, and until when (order-link.server.ts, decision 084). */
  linkedOrders: { id: string; until: number }[];
  /** Orders placed from this browser a moment ago (order-link.server.ts): it sees their address in full. */
  placedOrders: { id: string; until: number }[];
};
/** A notice for one cart line, from the add that redirected to the cart (cart.server.ts CartNotice). */
type CartNoticeData = { productId: number; size: string; message: string; stock?: number; added?: number; inCart?: number };
type FlashData = { toast: Toast; cartNotice: CartNoticeData };

export const sessionStorage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: {
    name: "__session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.COOKIE_SECURE,
    secrets: sessionSecrets(),
    // The cart outlives a browser restart; the sign-in has its own expiry inside.
    maxAge: 60 * 60 * 24 * 30,
  },
});

export type Session = Awaited<ReturnType<typeof sessionStorage.getSession>>;

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export function commitSession(session: Session) {
  return sessionStorage.commitSession(session);
}

/** Redirect that shows a toast on the next page, with or without JavaScript. */
export async function redirectWithToast(url: string, toast: Toast | string, { session, headers }: { session?: Session; headers?: HeadersInit } = {}) {
  const s = session ?? (await getSession(new Request("http://x", { headers })));
  s.flash("toast", typeof toast === "string" ? { type: "success", message: toast } : toast);
  const out = new Headers(headers);
  out.set("Set-Cookie", await commitSession(s));
  return redirect(url, { headers: out });
}
