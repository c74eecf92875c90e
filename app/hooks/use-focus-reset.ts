import { useLocation, useNavigation } from "@remix-run/react";
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

/**
 * A form that sends the shopper on to another page (Add To Cart → the cart) shows that page
 * from its top, as a full page load does with JavaScript off. The add-to-cart and review forms
 * keep the scroll (`preventScrollReset`) so that an answer with errors stays in view, and React
 * Router carries that through the action's redirect: on a phone the cart opened scrolled down
 * to the footer. Links and GET forms (filters) are left to `ScrollRestoration` as they are.
 */
export function useTopAfterSubmittingElsewhere() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const submittedFrom = useRef<string | null>(null);
  useEffect(() => {
    if (navigation.state === "submitting") submittedFrom.current = pathname;
  }, [navigation.state, pathname]);
  useEffect(() => {
    const from = submittedFrom.current;
    if (navigation.state !== "idle" || from === null) return;
    submittedFrom.current = null;
    if (from !== pathname) window.scrollTo(0, 0);
  }, [navigation.state, pathname]);
}
