import { CheckoutHeader } from "~/components/checkout/CheckoutHeader";

/**
 * A route exports `handle = checkoutLayout` to get the focused checkout header
 * instead of the shop's. The header travels in the handle, so it is loaded
 * with the checkout's routes and never on the home page (JavaScript budget).
 */
export const checkoutLayout = { header: CheckoutHeader };

/**
 * Every checkout step has the same frame: one width, one column for the form
 * and one for the summary, so the page does not jump between steps.
 */
export const CHECKOUT_FRAME = "mx-auto max-w-5xl";
export const CHECKOUT_COLUMNS = "grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]";
