import { Form, useNavigate, useParams } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type ComponentType } from "react";

import type { Suggester, Suggestion, SuggestionList as ListComponent } from "~/components/catalogue/SuggestionList";
import { useLang, useLocalePath, useT } from "~/i18n/hooks";
import { useHydrated } from "~/hooks/use-hydrated";

const LISTBOX_ID = "search-suggestions";
const optionId = (i: number) => `search-option-${i}`;

// Suggestions are a chunk of their own, fetched on the box's first focus or
// input: every page's header has the box, and most visits never type in it.
const loadSuggestions = () => import("~/components/catalogue/SuggestionList");
type ListProps = ComponentProps<typeof ListComponent>;
const SuggestionList = lazy<ComponentType<ListProps>>(() =>
  loadSuggestions().then(
    (m) => ({ default: m.SuggestionList }),
    // Offline or a new deploy: no list, and the plain search form still works.
    () => ({ default: () => null }),
  ),
);

const listKey = (items: Suggestion[]) => items.map((i) => i.href).join(" ");

/**
 * A plain GET form to /search (which redirects to /search/{term}, or home when
 * empty). With JavaScript, suggestions appear under the box as an ARIA
 * combobox: arrows move through them, Enter opens one, Escape closes the list.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const t = useT();
  const lp = useLocalePath();
  const lang = useLang();
  const hydrated = useHydrated();
  const { keyword } = useParams();
  const [value, setValue] = useState(keyword ?? "");
  const [items, setItems] = useState<Suggestion[]>([]);
  const [engaged, setEngaged] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && items.length > 0;
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const suggester = useRef<Promise<Suggester | null>>();

  useEffect(() => setValue(keyword ?? ""), [keyword]);
  // Hydration keeps the field's DOM value but not React's state: what was typed
  // while the scripts loaded (a slow phone, a cached page) would be wiped by the
  // next render. Declared after the keyword effect, so on mount it wins.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== (keyword ?? "")) setValue(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);
  useEffect(() => () => void suggester.current?.then((s) => s?.stop()), []);

  /** Loads the suggestions' code once, on first use. */
  function suggestions() {
    setEngaged(true);
    suggester.current ??= loadSuggestions().then(
      (m) =>
        m.createSuggester(
          (next) => {
            // The same suggestions again (a later keystroke) keep the shopper's place in the list.
            if (listKey(next) !== listKey(itemsRef.current)) setActive(-1);
            setItems(next);
          },
          lp,
          lang,
        ),
      () => null,
    );
    return suggester.current;
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
        setItems([]);
      }
    }
  }

  return (
    <Form
      method="get"
      action={lp("/search")}
      role="search"
      className="relative flex"
      onSubmit={(event) => {
        event.preventDefault();
        setOpen(false);
        const term = String(new FormData(event.currentTarget).get("keyword") ?? "").trim();
        navigate(lp(term ? `/search/${encodeURIComponent(term)}` : "/"));
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        {t("catalogue.search.box.label")}
      </label>
      <input
        ref={field}
        id="site-search"
        type="search"
        name="keyword"
        value={value}
        onChange={(event) => {
          const term = event.target.value;
          setValue(term);
          setOpen(true);
          void suggestions().then((s) => s?.ask(term));
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => {
          setOpen(true);
          void suggestions();
        }}
        autoComplete="off"
        placeholder={t("catalogue.search.box.placeholder")}
        className="w-full rounded-l-md border-0 px-3 py-2 text-sm text-stone-900 focus:ring-2 focus:ring-amber-400"
        {...(hydrated
          ? {
              role: "combobox",
              "aria-autocomplete": "list" as const,
              "aria-expanded": expanded,
              // The listbox exists once the suggestions' code has loaded.
              "aria-controls": engaged ? LISTBOX_ID : undefined,
              "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
            }
          : {})}
      />
      <button type="submit" className="rounded-r-md bg-amber-400 px-4 text-sm font-semibold text-stone-900 hover:bg-amber-300">
        {t("catalogue.search.box.submit")}
      </button>
      {engaged ? (
        <Suspense fallback={null}>
          <SuggestionList id={LISTBOX_ID} items={items} open={expanded} active={active} optionId={optionId} onPick={go} />
        </Suspense>
      ) : null}
    </Form>
  );
}
