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

/** Five stars filled to the rating (halves shown), with an optional review count. */
export function Rating({ value, count }: { value: number; count?: number }) {
  const stars = [1, 2, 3, 4, 5].map((i) => (value >= i ? "full" : value >= i - 0.5 ? "half" : "empty"));
  return (
    <div className="flex items-center gap-1 text-sm">
      <span className="flex text-amber-500" role="img" aria-label={`Rated ${value.toFixed(1)} out of 5`}>
        {stars.map((kind, i) => (
          <Star key={i} kind={kind} />
        ))}
      </span>
      {count !== undefined ? (
        <span className="text-stone-600">
          {count} {count === 1 ? "review" : "reviews"}
        </span>
      ) : null}
    </div>
  );
}
