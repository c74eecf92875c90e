import { useLocation } from "@remix-run/react";
import { useCallback, useContext } from "react";

import type { MessageKey } from "~/utils/message-key";

import { formattersFor } from "./format";
import { I18nContext } from "./instance";
import { langFromPath, localePath, type Lang } from "./languages";
import type { TFunction } from "./translate";

/** The page's language, read from its URL (/bn/… is Bangla). */
export function useLang(): Lang {
  return langFromPath(useLocation().pathname);
}

/**
 * The page's translate function (app/i18n/translate.ts). A document never
 * changes language (the switch loads a new page), so it is fixed for the
 * page's life and components read it from context without subscribing.
 */
export function useT(): TFunction {
  const translator = useContext(I18nContext);
  if (!translator) throw new Error("useT outside an I18nProvider");
  return translator.t;
}

/** Prefixes a shop path for the page's language: "/cart" → "/bn/cart" on a Bangla page. */
export function useLocalePath() {
  const lang = useLang();
  return useCallback((path: string) => localePath(lang, path), [lang]);
}

/** Money, counts and dates in the page's language. */
export function useFormat() {
  return formattersFor(useLang());
}

/**
 * Translates a text the service layer produced (a field error, a notice). The
 * API keeps these in English, so the catalogue keys them by their English
 * wording; one it does not know shows as it came. A text with a variable part
 * comes with its key and values (utils/message-key.ts): numbers among them are
 * written in the page's digits.
 */
export function useMessage() {
  const t = useT();
  const fmt = useFormat();
  return useCallback(
    // One parameter, so that `errors.map(msg)` passes nothing else in.
    (message: string | null | undefined | { text: string | null; said?: MessageKey | null }) => {
      const text = typeof message === "object" && message !== null ? message.text : message;
      if (!text) return "";
      const keyed = typeof message === "object" && message !== null ? message.said : null;
      const options = { ns: "messages", defaultValue: text } as const;
      if (!keyed) return t(text, options);
      const values = Object.fromEntries(Object.entries(keyed.values).map(([k, v]) => [k, typeof v === "number" ? fmt.integer(v) : v]));
      return t(keyed.key, { ...options, ...values });
    },
    [t, fmt],
  );
}
