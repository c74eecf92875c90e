import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { useHydrated } from "~/hooks/use-hydrated";

/**
 * The screen-only bar of a print page (picklist, labels): the way back, how to print, and the
 * page's own links. The Print button needs JavaScript, so without it only the Ctrl+P hint shows.
 */
export function PrintBar({ children }: { children?: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div className="pack-screen-only flex flex-wrap items-center gap-2 text-sm">
      <Link to="/admin/orderlist" className="btn-secondary">
        ← Back to orders
      </Link>
      {children}
      {hydrated ? (
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          Print
        </button>
      ) : null}
      <p className="w-full text-stone-600">Print this page with Ctrl+P (⌘P on a Mac); the browser&rsquo;s print dialog keeps the page size.</p>
    </div>
  );
}
