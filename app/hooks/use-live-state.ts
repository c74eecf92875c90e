import { useEffect, useRef } from "react";

/**
 * A select that submits its form as soon as it changes, once the scripts run
 * (the cart's quantity, the list's sort). Without them a button beside it
 * submits, and hydration takes that button away: a choice made while the
 * scripts were still loading would stay on screen, unsent, with nothing left
 * to send it. On hydration, a select whose choice is no longer the one the
 * page was drawn with (its `selected` option) is submitted, as the change
 * would have been (issue 28 item 13). Returns the ref for the select.
 */
export function useSubmitChangedBeforeHydration() {
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const el = select.current;
    if (!el) return;
    const drawn = Array.from(el.options).find((o) => o.defaultSelected) ?? el.options[0];
    if (drawn && el.value !== drawn.value) el.form?.requestSubmit();
  }, []);
  return select;
}
