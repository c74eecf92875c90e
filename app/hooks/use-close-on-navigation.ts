import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

/**
 * Closes a <details> menu after a client-side navigation (a <details> alone
 * stays open across page changes), but not when the page first hydrates: the
 * scripts start after the page's `load` (decision 059), and a menu a shopper
 * opened before they ran stays open.
 */
export function useCloseOnNavigation(ref: RefObject<HTMLDetailsElement>) {
  const { key } = useLocation();
  const shown = useRef(key);
  useEffect(() => {
    if (key === shown.current) return;
    shown.current = key;
    if (ref.current) ref.current.open = false;
  }, [key, ref]);
}
