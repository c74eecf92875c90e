// Who is asking, as far as a catalogue page shows it: the sign-in, the cart's
// count and the flash message. The root loader and the page cache's holes
// (./fill.server.tsx) both read it here, so a page rendered by React and a
// cached page with its holes filled say the same thing about the shopper.
import { getUserFromSession, type SessionUser } from "~/models/accounts/auth.server";
import { commitSession, sessionStorage, type Toast } from "~/models/accounts/session.server";

export type Shopper = {
  user: SessionUser | null;
  cartCount: number;
  toast: Toast | null;
  /** Set when reading the flash consumed it: the cookie must go back without it. */
  setCookie: string | null;
};

export const ANONYMOUS: Shopper = Object.freeze({ user: null, cartCount: 0, toast: null, setCookie: null });

/**
 * The shopper of a request's Cookie header. The user is re-read from the
 * database (auth.server.ts); a cached page's fill (`throughCache`, the page
 * cache) takes what the database last said, kept until it says otherwise.
 */
export async function readShopper(cookieHeader: string | null, { throughCache = false } = {}): Promise<Shopper> {
  const session = await sessionStorage.getSession(cookieHeader);
  const user = await getUserFromSession(session, { throughCache });
  const toast = session.get("toast") ?? null;
  const cartCount = (session.get("cart") ?? []).reduce((sum, line) => sum + line.qty, 0);
  // Reading a flash clears it, which only sticks once the cookie is written back.
  return { user, cartCount, toast, setCookie: toast ? await commitSession(session) : null };
}

/** Whether a page for this shopper looks like the anonymous one. */
export function isAnonymous(shopper: Shopper) {
  return shopper.user === null && shopper.cartCount === 0 && shopper.toast === null;
}
