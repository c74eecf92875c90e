const STAR = "M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z";

/**
 * One star; a half star is the grey star with the coloured one drawn in a
 * nested 10-unit-wide viewport (which clips it), so no gradient ids are
 * needed: ids would repeat across the cards of a page.
 */
function Star({ kind }: { kind: "full" | "half" | "empty" }) {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
      <path fill={kind === "full" ? "currentColor" : "#d6d3d1"} d={STAR} />
      {kind === "half" ? (
        <svg width="10" height="20" viewBox="0 0 10 20">
          <path fill="currentColor" d={STAR} />
        </svg>
      ) : null}
    </svg>
  );
}

/**
 * Five stars filled to the rating (halves shown), with an optional review
 * count. With a count of 0 there is no rating to show: a row of grey stars
 * would read as "rated badly", so only a link to the reviews is shown (or nothing on
 * a card, where `compact` also keeps the row to one line so cards line up).
 */
export function Rating({ value, count, compact = false }: { value: number; count?: number; compact?: boolean }) {
  if (count === 0) {
    return compact ? (
      <div className="h-5" />
    ) : (
      <a href="#reviews" className="text-sm text-stone-600 underline hover:text-brand-700">
        Be the first to review
      </a>
    );
  }
  const stars = [1, 2, 3, 4, 5].map((i) => (value >= i ? "full" : value >= i - 0.5 ? "half" : "empty"));
  return (
    <div className={`flex items-center gap-1 whitespace-nowrap text-sm ${compact ? "h-5" : ""}`}>
      <span className="flex flex-none text-amber-500" role="img" aria-label={`Rated ${value.toFixed(1)} out of 5`}>
        {stars.map((kind, i) => (
          <Star key={i} kind={kind} />
        ))}
      </span>
      {count === undefined ? null : compact ? (
        <span className="text-xs text-stone-600">
          <span aria-hidden="true">({count})</span>
          <span className="sr-only">
            {count} {count === 1 ? "review" : "reviews"}
          </span>
        </span>
      ) : (
        <span className="text-stone-600">
          {count} {count === 1 ? "review" : "reviews"}
        </span>
      )}
    </div>
  );
}
