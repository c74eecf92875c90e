import type { ReactNode } from "react";

/** Title row of an admin screen with its main actions on the right. */
export function AdminHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

/**
 * Horizontal scrolling for wide tables on small screens. `relative` makes the
 * scroller the containing block of sr-only (absolute) cell text, which would
 * otherwise escape the clip and widen the whole page on phones.
 */
/** `fitsPhone`: the table hides its extra columns on a phone, so there is nothing to swipe to. */
export function AdminTable({ children, fitsPhone = false }: { children: ReactNode; fitsPhone?: boolean }) {
  return (
    <div className="card relative overflow-x-auto">
      {/* On a phone the columns past the first ones are off screen: say so. */}
      {fitsPhone ? null : (
        <p aria-hidden="true" className="sticky left-0 px-3 pt-2 text-xs text-stone-500 sm:hidden">
          Swipe sideways for more columns →
        </p>
      )}
      <table className="table-basic">{children}</table>
    </div>
  );
}
