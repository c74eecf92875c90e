import type { SessionUser } from "~/models/accounts/auth.server";
import { hasReviewed } from "~/models/catalogue/review.server";

/**
 * The product page's review form, as far as it depends on the shopper (loader
 * and page-cache hole alike; the hole reads `throughCache`, as its user was).
 */
export async function reviewFormState(user: SessionUser | null, productId: number, { throughCache = false } = {}) {
  return { signedIn: user !== null, reviewed: user ? await hasReviewed(user.id, productId, { throughCache }) : false };
}
