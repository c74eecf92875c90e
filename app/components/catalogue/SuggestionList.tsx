import { ProductImage } from "~/components/product/ProductImage";
import { useFormat, useT } from "~/i18n/hooks";
import type { Lang } from "~/i18n/languages";
import type { Suggestions } from "~/models/catalogue/catalogue-suggest.server";

// The search box's suggestions: asking the server and the listbox. SearchBox
// loads this module on the box's first focus or input (its own chunk), so
// no page's first load carries it; until then the box is the plain search form.

/** Wait for a pause in typing before asking the server. */
const DEBOUNCE_MS = 150;

export type Suggestion =
  { kind: "product"; href: string; id: number; name: string; image: string; price: number } | { kind: "category"; href: string; id: number; name: string };

/** `lp` puts each link in the page's language. */
function flatten(data: Suggestions, lp: (path: string) => string): Suggestion[] {
  return [
    ...data.products.map((p) => ({ kind: "product" as const, href: lp(`/product/${p.id}`), ...p })),
    ...data.categories.map((c) => ({ kind: "category" as const, href: lp(`/category/${c.id}`), ...c })),
  ];
}

export type Suggester = { ask: (term: string) => void; stop: () => void };

/** Asks for the suggestions of what was typed last: a newer term cancels the older wait or request. */
export function createSuggester(receive: (items: Suggestion[]) => void, lp: (path: string) => string, lang: Lang): Suggester {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;
  const stop = () => {
    clearTimeout(timer);
    pending?.abort();
  };
  return {
    stop,
    ask(term) {
      stop();
      if (term.trim().length < 2) {
        receive([]);
        return;
      }
      timer = setTimeout(async () => {
        const controller = new AbortController();
        pending = controller;
        try {
          const res = await fetch(`/api/products/suggest?${new URLSearchParams({ q: term.trim(), ...(lang === "bn" ? { lang } : {}) })}`, {
            signal: controller.signal,
          });
          if (res.ok) receive(flatten((await res.json()) as Suggestions, lp));
        } catch {
          // Aborted by newer typing, or offline: the plain search still works.
        }
      }, DEBOUNCE_MS);
    },
  };
}

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
  const t = useT();
  const fmt = useFormat();
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
          <ProductImage url={item.image} alt="" sizes="40px" className="h-10 w-10 shrink-0 rounded bg-stone-50 object-contain" />
          <span className="min-w-0 flex-1 truncate">{item.name}</span>
          <span className="shrink-0 font-semibold">{fmt.money(item.price)}</span>
        </>
      ) : (
        <span>
          <span className="text-stone-500">{t("catalogue.search.suggestions.category")}</span>
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
      aria-label={t("catalogue.search.suggestions.label")}
      hidden={!open}
      className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-stone-200 bg-white py-1 text-stone-900 shadow-lg"
    >
      {products.map((item, i) => option(item, i))}
      {categories.length > 0 ? (
        <li role="presentation" className="border-t border-stone-100 px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-stone-500">
          {t("catalogue.search.suggestions.categories")}
        </li>
      ) : null}
      {categories.map((item, i) => option(item, products.length + i))}
    </ul>
  );
}
