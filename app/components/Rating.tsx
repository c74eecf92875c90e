/** Five stars filled to the rating (halves shown), with an optional review count. */
export function Rating({ value, count }: { value: number; count?: number }) {
  const stars = [1, 2, 3, 4, 5].map((i) => (value >= i ? "full" : value >= i - 0.5 ? "half" : "empty"));
  return (
    <div className="flex items-center gap-1 text-sm">
      <span className="flex text-amber-500" role="img" aria-label={`Rated ${value.toFixed(1)} out of 5`}>
        {stars.map((kind, i) => (
          <svg key={i} viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
            <defs>
              <linearGradient id={`half-${i}`}>
                <stop offset="50%" stopColor="currentColor" />
                <stop offset="50%" stopColor="#d6d3d1" />
              </linearGradient>
            </defs>
            <path
              fill={kind === "full" ? "currentColor" : kind === "half" ? `url(#half-${i})` : "#d6d3d1"}
              d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z"
            />
          </svg>
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
