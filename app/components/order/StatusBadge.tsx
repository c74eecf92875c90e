import type { ReactNode } from "react";

const tones = {
  // Waiting is the normal state of a fresh cash-on-delivery order, not a problem: neutral.
  pending: "bg-stone-100 text-stone-800 ring-stone-300",
  done: "bg-green-50 text-green-800 ring-green-600/30",
  // Red only for something that went wrong (e.g. a cancelled or failed order).
  failed: "bg-red-50 text-red-800 ring-red-600/30",
} as const;

/** A small pill for an order's paid / delivered state. */
export function StatusBadge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset ${tones[tone]}`}>
      <span aria-hidden="true">{tone === "done" ? "✓" : tone === "failed" ? "!" : "○"}</span>
      <span>{children}</span>
    </span>
  );
}
