import { useLocation } from "@remix-run/react";
import { useRef, useState } from "react";

import { useMessage, useT } from "~/i18n/hooks";
import type { Toast } from "~/models/accounts/session.server";

const tone = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-sky-600 bg-sky-50 text-sky-900",
} as const;

/**
 * The flash message of the last action, at the top of the page's main content.
 *
 * It takes its own space in the flow instead of floating over the page, so it
 * can never cover a form field or the button the shopper or admin needs next
 * (issue 22 items 6 and 21; docs/decisions/042-flash-in-flow.md). For the same
 * reason it does not close itself: a message that vanished would pull the page
 * up under the pointer. It belongs to the page the redirect landed on: the root
 * loader does not run again on a client-side link, so its data still holds the
 * old flash; the message is shown only while the location it arrived with is
 * the current one. The live region is always in the document, so a message
 * that appears after a client-side navigation is announced.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const t = useT();
  // Actions set toasts in English; they are said in the language of the page they land on.
  const msg = useMessage();
  const location = useLocation();
  const arrived = useRef({ toast, key: location.key });
  if (arrived.current.toast !== toast) arrived.current = { toast, key: location.key };
  // A jump within the page (Skip to content's #main) is a new history entry but the same page:
  // the message stays, and so does the focus on its dismiss button.
  const last = useRef(location);
  if (last.current.key !== location.key) {
    const samePage = last.current.pathname === location.pathname && last.current.search === location.search;
    if (samePage && location.hash !== last.current.hash && arrived.current.key === last.current.key) {
      arrived.current = { toast, key: location.key };
    }
    last.current = location;
  }
  const [dismissed, setDismissed] = useState<Toast | null>(null);
  const visible = toast && arrived.current.key === location.key && dismissed !== toast ? toast : null;
  return (
    <div data-testid="toast" role={visible?.type === "error" ? "alert" : "status"} className={visible ? "mb-4" : undefined}>
      {visible ? (
        <div className={`flex items-start gap-3 rounded-md border-l-4 px-4 py-3 text-sm shadow-sm ${tone[visible.type]}`}>
          <p className="flex-1">{msg(visible.message)}</p>
          <button
            type="button"
            onClick={() => setDismissed(visible)}
            aria-label={t("common.toaster.dismiss")}
            className="-my-1 min-h-6 min-w-6 font-semibold opacity-70 hover:opacity-100"
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
