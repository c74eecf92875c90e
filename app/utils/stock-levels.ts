/** A size with this many or fewer left counts as low stock (dashboard, product list). Shared with the browser. */
export const LOW_STOCK_AT_MOST = 3;
