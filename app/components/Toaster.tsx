import { useEffect, useState } from "react";

import type { Toast } from "~/models/accounts/session.server";

export const TOAST_MS = 5000;

const tone = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-sky-600 bg-sky-50 text-sky-900",
} as const;

/**
 * Shows the flash toast of the last action. With JavaScript it closes itself
 * after 5 s; without, it stays on the page it arrived with.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  return (
    // At the bottom on a phone, where it covers neither the logo nor the cart;
    // below the header's top row on wider screens.
    <div
      data-testid="toast"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 sm:bottom-auto sm:top-20 sm:justify-end sm:px-6"
    >
      <div
        role={visible.type === "error" ? "alert" : "status"}
        className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-md border-l-4 px-4 py-3 text-sm shadow-lg ${tone[visible.type]}`}
      >
        <p className="flex-1">{visible.message}</p>
        <button type="button" onClick={() => setVisible(null)} aria-label="Dismiss" className="font-bold opacity-60 hover:opacity-100">
          ×
        </button>
      </div>
    </div>
  );
}
