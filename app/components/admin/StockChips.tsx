import { LOW_STOCK_AT_MOST } from "~/utils/stock-levels";

/** Each size with what is left: sold out in red, low in amber, so running-out items stand out in the list. */
export function StockChips({ sizes }: { sizes: { size: string; quantity: number }[] }) {
  if (sizes.length === 0) return <span className="text-stone-500">No sizes</span>;
  return (
    <ul className="flex max-w-[16rem] flex-wrap gap-1" aria-label="Stock per size">
      {sizes.map((s) => {
        const level = s.quantity === 0 ? "sold out" : s.quantity <= LOW_STOCK_AT_MOST ? "low" : null;
        const tone =
          level === "sold out"
            ? "border-red-300 bg-red-50 text-red-800"
            : level === "low"
              ? "border-amber-300 bg-amber-50 text-amber-900"
              : "border-stone-200 bg-white text-stone-700";
        return (
          <li key={s.size} className={`rounded border px-1.5 py-0.5 text-xs ${tone}`}>
            <span className="font-semibold">{s.size}</span> {s.quantity}
            {level ? <span className="sr-only"> ({level})</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
