import { createContext } from "react";

import type { Lang } from "./languages";
import { createTranslator, type Catalogue, type Translator } from "./translate";

/**
 * One ready translator per language: the server makes both at start
 * (i18n.server.ts), the browser the one its page is in (entry.client.tsx).
 * Built synchronously from bundled catalogues, so no render waits.
 */
export function createI18n(lang: Lang, catalogues: Partial<Record<Lang, Catalogue>>): Translator {
  return createTranslator(lang, catalogues);
}

/** The page's translator, for components (useT in hooks.ts, Trans). */
export const I18nContext = createContext<Translator | null>(null);
export const I18nProvider = I18nContext.Provider;

const ready = new Map<Lang, Translator>();

/** Registers the translator meta() functions and non-component code translate with. */
export function registerI18n(lang: Lang, instance: Translator) {
  ready.set(lang, instance);
}

/**
 * The translate function of a language, for code outside components (meta).
 * In the browser only the page's language is loaded; asking for another one
 * (it does not happen: switching languages loads a new document) gets it.
 */
export function tFor(lang: Lang) {
  const instance = ready.get(lang) ?? ready.values().next().value;
  if (!instance) throw new Error("i18n is not initialised");
  return instance.t;
}
