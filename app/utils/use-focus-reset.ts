import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * After a client-side move to another page, the keyboard starts again at the top, as it does
 * after a full page load (and so with JavaScript off): the next Tab is "Skip to content".
 * Without this the browser keeps its place where the clicked control was, in a page that is
 * gone, and a keyboard or screen-reader shopper lands somewhere in the middle of the new one.
 * Moves within one page (sort, filters, paging, a form that answers with its errors) keep the
 * focus where the shopper is. SvelteKit does the same by default.
 */
export function useFocusResetOnNewPage() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const body = document.body;
    const tabindex = body.getAttribute("tabindex");
    body.tabIndex = -1; // focusable for this one call, so the next Tab starts from the top
    body.focus({ preventScroll: true }); // scroll is ScrollRestoration's
    if (tabindex === null) body.removeAttribute("tabindex");
    else body.setAttribute("tabindex", tabindex);
  }, [pathname]);
}
