// The admin Users list's filter (orders/customer-list.server.ts lists them). No server imports: the page's component uses it.

export const CUSTOMER_KINDS = ["all", "accounts", "guests"] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];
