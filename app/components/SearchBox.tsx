import { Form, useNavigate, useParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { SuggestionList, type Suggestion } from "~/components/catalogue/SuggestionList";
import type { Suggestions } from "~/models/catalogue-suggest.server";
import { useHydrated } from "~/utils/use-hydrated";

const LISTBOX_ID = "search-suggestions";
const optionId = (i: number) => `search-option-${i}`;
/** Wait for a pause in typing before asking the server. */
const DEBOUNCE_MS = 150;

function flatten(data: Suggestions | null): Suggestion[] {
  if (!data) return [];
  return [
    ...data.products.map((p) => ({ kind: "product" as const, href: `/product/${p.id}`, ...p })),
    ...data.categories.map((c) => ({ kind: "category" as const, href: `/category/${c.id}`, ...c })),
  ];
}

const listKey = (items: Suggestion[]) => items.map((i) => i.href).join(" ");

/**
 * A plain GET form to /search (which redirects to /search/{term}, or home when
 * empty). With JavaScript, suggestions appear under the box as an ARIA
 * combobox: arrows move through them, Enter opens one, Escape closes the list.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { keyword } = useParams();
  const [value, setValue] = useState(keyword ?? "");
  const [data, setData] = useState<Suggestions | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const items = flatten(data);
  const expanded = open && items.length > 0;
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const pending = useRef<AbortController>();

  useEffect(() => setValue(keyword ?? ""), [keyword]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function ask(term: string) {
    clearTimeout(timer.current);
    pending.current?.abort();
    if (term.trim().length < 2) {
      setData(null);
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      pending.current = controller;
      try {
        const res = await fetch(`/api/products/suggest?${new URLSearchParams({ q: term.trim() })}`, { signal: controller.signal });
        if (res.ok) {
          const next = (await res.json()) as Suggestions;
          // The same suggestions again (a later keystroke) keep the shopper's place in the list.
          if (listKey(flatten(next)) !== listKey(itemsRef.current)) setActive(-1);
          setData(next);
        }
      } catch {
        // Aborted by newer typing, or offline: the plain search still works.
      }
    }, DEBOUNCE_MS);
  }

  function go(item: Suggestion) {
    setOpen(false);
    setActive(-1);
    navigate(item.href);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (items.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => {
        if (!expanded || i < 0) return step > 0 ? 0 : items.length - 1;
        return (i + step + items.length) % items.length; // wraps around, as the combobox pattern allows
      });
    } else if (event.key === "Enter" && expanded && active >= 0 && active < items.length) {
      event.preventDefault();
      go(items[active]!);
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else {
        setValue("");
        setData(null);
      }
    }
  }

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="relative flex"
      onSubmit={(event) => {
        event.preventDefault();
        setOpen(false);
        const term = String(new FormData(event.currentTarget).get("keyword") ?? "").trim();
        navigate(term ? `/search/${encodeURIComponent(term)}` : "/");
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        Search products
      </label>
      <input
        id="site-search"
        type="search"
        name="keyword"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          ask(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        autoComplete="off"
        placeholder="Search Products..."
        className="w-full rounded-l-md border-0 px-3 py-2 text-sm text-stone-900 focus:ring-2 focus:ring-amber-400"
        {...(hydrated
          ? {
              role: "combobox",
              "aria-autocomplete": "list" as const,
              "aria-expanded": expanded,
              "aria-controls": LISTBOX_ID,
              "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
            }
          : {})}
      />
      <button type="submit" className="rounded-r-md bg-amber-400 px-4 text-sm font-semibold text-stone-900 hover:bg-amber-300">
        Search
      </button>
      {hydrated ? (
        <SuggestionList id={LISTBOX_ID} items={items} open={expanded} active={active} optionId={optionId} onPick={go} />
      ) : null}
    </Form>
  );
}
