import { formatTaka } from "~/utils/money";

/** Price with the original struck through and a percent-off badge when discounted. */
export function Price({
  price,
  originalPrice,
  discountPercentage,
  size = "md",
}: {
  price: number;
  originalPrice: number;
  discountPercentage: number;
  size?: "md" | "lg";
}) {
  const big = size === "lg";
  return (
    <div className="flex flex-wrap items-baseline gap-2">
      <span className={`font-bold text-stone-900 ${big ? "text-2xl" : "text-base"}`}>{formatTaka(price)}</span>
      {discountPercentage > 0 ? (
        <>
          <s className={`text-stone-500 ${big ? "text-base" : "text-sm"}`}>
            <span className="sr-only">Was </span>
            {formatTaka(originalPrice)}
          </s>
          <span className="rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">{discountPercentage}% OFF</span>
        </>
      ) : null}
    </div>
  );
}
