import { useFormat, useT } from "~/i18n/hooks";

const STAR = "l2.6 5.4 5.9.8-4.3 4.1 1 5.9-5.2-2.8-5.2 2.8 1-5.9-4.3-4.1 5.9-.8z";
/** Five stars in one path (each 20 units wide), built once per process rather than as five SVGs per rating. */
const FIVE_STARS = [0, 1, 2, 3, 4].map((i) => `M${10 + i * 20} 1.5${STAR}`).join("");

/**
 * The stars of one rating as a single SVG: five grey stars, and the same five
 * in colour drawn inside a nested viewport as wide as the rating (to the
 * nearest half star), which clips them. One element tree per rating instead of
 * five (a page of cards renders dozens), and no gradient ids to repeat.
 */
function Stars({ value }: { value: number }) {
  const filled = Math.round(value * 2) * 10; // half stars: 10 units each
  return (
    <svg viewBox="0 0 100 20" className="h-4 w-20" aria-hidden="true">
      <path fill="#d6d3d1" d={FIVE_STARS} />
      {filled > 0 ? (
        <svg width={filled} height="20" viewBox={`0 0 ${filled} 20`}>
          <path fill="currentColor" d={FIVE_STARS} />
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
  const t = useT();
  const fmt = useFormat();
  if (count === 0) {
    return compact ? (
      <div className="h-5" />
    ) : (
      <a href="#reviews" className="text-sm text-stone-600 underline hover:text-brand-700">
        {t("product.rating.beFirst")}
      </a>
    );
  }
  // English keeps the spec's one decimal ("4.0"); Bangla digits come from the formatter.
  const rated = fmt.lang === "en" ? value.toFixed(1) : fmt.decimal(value);
  const reviews = count === undefined ? "" : t("product.rating.reviews", { count, n: fmt.integer(count) });
  return (
    <div className={`flex items-center gap-1 whitespace-nowrap text-sm ${compact ? "h-5" : ""}`}>
      <span className="flex flex-none text-amber-500" role="img" aria-label={t("product.rating.label", { value: rated, max: fmt.integer(5) })}>
        <Stars value={value} />
      </span>
      {count === undefined ? null : compact ? (
        <span className="text-xs text-stone-600">
          <span aria-hidden="true">({fmt.integer(count)})</span>
          <span className="sr-only">{reviews}</span>
        </span>
      ) : (
        <span className="text-stone-600">{reviews}</span>
      )}
    </div>
  );
}
