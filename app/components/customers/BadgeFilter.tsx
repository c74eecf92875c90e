import { Link } from "@remix-run/react";

import { BADGES, type Badge } from "~/schemas/customer-phone";

const LABELS: Record<Badge, string> = { new: "New", good: "Good", risky: "Risky", blocked: "Blocked" };

/**
 * The phone-record filter (issue 37) and the record's language: plain links, so they work without
 * JavaScript. The back office is English; ?lang=bn shows the badges and numbers in Bangla.
 */
export function BadgeFilter({ current, lang, href }: { current: Badge | null; lang: string; href: (badge: Badge | null, lang: string) => string }) {
  const pill = (on: boolean) =>
    `rounded-full border px-3 py-1 text-sm ${on ? "border-brand-600 bg-brand-600 text-white" : "border-stone-300 bg-white hover:bg-stone-100"}`;
  return (
    <nav aria-label="Filter by buyer's record" className="mb-4 flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-stone-700">Buyer&apos;s record:</span>
      <Link to={href(null, lang)} className={pill(current === null)} aria-current={current === null ? "true" : undefined}>
        Any
      </Link>
      {BADGES.map((b) => (
        <Link key={b} to={href(b, lang)} className={pill(current === b)} aria-current={current === b ? "true" : undefined}>
          {LABELS[b]}
        </Link>
      ))}
      <span className="ml-auto text-sm">
        <Link to={href(current, lang === "bn" ? "en" : "bn")} className="font-semibold text-brand-700 underline" lang={lang === "bn" ? "en" : "bn"}>
          {lang === "bn" ? "Record in English" : "রেকর্ড বাংলায়"}
        </Link>
      </span>
    </nav>
  );
}
