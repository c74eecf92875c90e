import type { SessionUser } from "~/models/accounts/auth.server";
import { hasReviewed } from "~/models/catalogue/review.server";

/** The product page's review form, as far as it depends on the shopper (loader and page-cache hole alike). */
export async function reviewFormState(user: SessionUser | null, productId: number) {
  return { signedIn: user !== null, reviewed: user ? await hasReviewed(user.id, productId) : false };
}
