import { useLocation } from "@remix-run/react";
import type { i18n as I18n, TFunction } from "i18next";
import { useCallback, useContext } from "react";
import { I18nContext } from "react-i18next";

import type { MessageKey } from "~/utils/message-key";

import { formattersFor } from "./format";
import { langFromPath, localePath, type Lang } from "./languages";

/** The page's language, read from its URL (/bn/… is Bangla). */
export function useLang(): Lang {
  return langFromPath(useLocation().pathname);
}

/**
 * i18next's t for the shop's catalogue (app/locales/{lang}). A document never
 * changes language (the switch loads a new page), so components take the
 * instance's fixed t from context instead of react-i18next's useTranslation,
 * which subscribes each of them to language changes; and a text without
 * options is looked up once per process, not on every render (profiled:
 * these two were most of what the catalogues added to a page's render).
 */
export function useT(): TFunction {
  return cachedT(useContext(I18nContext).i18n);
}

const fixed = new WeakMap<I18n, TFunction>();

function cachedT(i18n: I18n): TFunction {
  let t = fixed.get(i18n);
  if (t) return t;
  const translate = i18n.getFixedT(i18n.language);
  const plain = new Map<string, string>();
  t = ((key: string, options?: unknown) => {
    if (options !== undefined) return translate(key, options as never);
    let text = plain.get(key);
    if (text === undefined) plain.set(key, (text = translate(key) as string));
    return text;
  }) as TFunction;
  fixed.set(i18n, t);
  return t;
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
      const options = { ns: "messages", keySeparator: false, nsSeparator: false, defaultValue: text } as const;
      if (!keyed) return t(text, options);
      const values = Object.fromEntries(Object.entries(keyed.values).map(([k, v]) => [k, typeof v === "number" ? fmt.integer(v) : v]));
      return t(keyed.key, { ...options, ...values });
    },
    [t, fmt],
  );
}
