import { ProductImage } from "~/components/ProductImage";
import { formatTaka } from "~/utils/money";

export type Suggestion =
  | { kind: "product"; href: string; id: number; name: string; image: string; price: number }
  | { kind: "category"; href: string; id: number; name: string };

/**
 * The combobox's listbox: products (picture, name, price) then categories.
 * Options keep focus in the input (mousedown is cancelled) so a click picks
 * before the input's blur closes the list.
 */
export function SuggestionList({
  id,
  items,
  open,
  active,
  optionId,
  onPick,
}: {
  id: string;
  items: Suggestion[];
  open: boolean;
  active: number;
  optionId: (i: number) => string;
  onPick: (item: Suggestion) => void;
}) {
  const option = (item: Suggestion, i: number) => (
    // Keys are handled by the combobox input (aria-activedescendant), as the ARIA pattern asks.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <li
      key={`${item.kind}-${item.id}`}
      id={optionId(i)}
      role="option"
      aria-selected={i === active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onPick(item)}
      className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-800" : "hover:bg-stone-50"}`}
    >
      {item.kind === "product" ? (
        <>
          <ProductImage url={item.image} alt="" sizes="40px" className="h-10 w-10 shrink-0 rounded object-cover" />
          <span className="min-w-0 flex-1 truncate">{item.name}</span>
          <span className="shrink-0 font-semibold">{formatTaka(item.price)}</span>
        </>
      ) : (
        <span>
          <span className="text-stone-500">Category: </span>
          {item.name}
        </span>
      )}
    </li>
  );
  const products = items.filter((i) => i.kind === "product");
  const categories = items.filter((i) => i.kind === "category");
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Suggestions"
      hidden={!open}
      className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-stone-200 bg-white py-1 text-stone-900 shadow-lg"
    >
      {products.map((item, i) => option(item, i))}
      {categories.length > 0 ? (
        <li role="presentation" className="border-t border-stone-100 px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-stone-500">
          Categories
        </li>
      ) : null}
      {categories.map((item, i) => option(item, products.length + i))}
    </ul>
  );
}
