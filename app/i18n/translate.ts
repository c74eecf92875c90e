import { pluralCategory } from "~/utils/number-format";

import type { Lang } from "./languages";

// The shop's own translate function, in place of i18next + react-i18next
// (decision 070): they cost 20 KB gzip of every page's JavaScript for what
// the shop uses of them, which is this: nested keys, {{value}} interpolation,
// plurals (_one/_other by the CLDR rules of each language, without Intl: decision 113), a context suffix, the flat
// "messages" namespace keyed by English wording, a default value, and English
// as the fallback. Same call shape as i18next's t, so components did not change.

/** One language's message catalogue (app/locales/<lang>). */
export type Catalogue = { translation: Record<string, unknown>; messages: Record<string, string> };

export type TOptions = {
  count?: number;
  context?: string;
  defaultValue?: string;
  /** "messages": texts from the service layer, looked up whole (no nesting by "."). */
  ns?: "translation" | "messages";
  [value: string]: unknown;
};

export type TFunction = (key: string, options?: TOptions) => string;

/** A language's ready translate function. */
export type Translator = { lang: Lang; t: TFunction };

// Options that steer the lookup and are never values of the text.
const NOT_VALUES = new Set(["context", "defaultValue", "ns", "keySeparator", "nsSeparator"]);

function lookup(catalogue: Catalogue | undefined, ns: string, key: string): string | undefined {
  if (!catalogue) return undefined;
  if (ns === "messages") return catalogue.messages[key];
  let node: unknown = catalogue.translation;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Fills {{name}} from options; a name it was not given stays as written, as with i18next. */
export function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    if (NOT_VALUES.has(name) || !(name in options)) return whole;
    const value = options[name];
    return value === undefined ? whole : value === null ? "" : String(value);
  });
}

export function createTranslator(lang: Lang, catalogues: Partial<Record<Lang, Catalogue>>): Translator {
  // The page's language first, then English (a Bangla page of a browser only ever has its own).
  const chain = ([lang, "en"] as Lang[]).filter((l, i, all) => all.indexOf(l) === i && catalogues[l]);

  /** The text of a key without values: the most specific form first, language by language. */
  function raw(key: string, options: TOptions | undefined): string | undefined {
    const ns = options?.ns ?? "translation";
    const count = typeof options?.count === "number" ? options.count : undefined;
    const context = typeof options?.context === "string" && options.context !== "" ? options.context : undefined;
    for (const l of chain) {
      const plural = count === undefined ? undefined : `_${pluralCategory(l, count)}`;
      const candidates = [
        context && plural ? `${key}_${context}${plural}` : undefined,
        context ? `${key}_${context}` : undefined,
        plural ? `${key}${plural}` : undefined,
        key,
      ];
      for (const candidate of candidates) {
        const text = candidate === undefined ? undefined : lookup(catalogues[l], ns, candidate);
        if (text !== undefined) return text;
      }
    }
    return undefined;
  }

  // Texts without values are looked up once per process (profiled: a page asks for the same ones on every render).
  const plain = new Map<string, string>();
  const t: TFunction = (key, options) => {
    if (options === undefined) {
      let text = plain.get(key);
      if (text === undefined) plain.set(key, (text = raw(key, undefined) ?? key));
      return text;
    }
    return interpolate(raw(key, options) ?? options.defaultValue ?? key, options);
  };
  return { lang, t };
}
