import { useMatches } from "@remix-run/react";

/** A route exports `handle = checkoutLayout` to get the focused checkout header instead of the shop's. */
export const checkoutLayout = { checkoutLayout: true } as const;

export function useCheckoutLayout() {
  return useMatches().some((m) => (m.handle as { checkoutLayout?: boolean } | undefined)?.checkoutLayout === true);
}
