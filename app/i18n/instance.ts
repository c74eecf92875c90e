import i18next, { type i18n as I18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";

import type { Lang } from "./languages";

/**
 * One ready i18next instance per language: the server makes both at start
 * (entry.server.tsx), the browser the one its page is in (entry.client.tsx).
 * Initialised synchronously from bundled resources, so no render waits.
 */
export function createI18n(lang: Lang, resources: Resource): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: "en",
    supportedLngs: ["en", "bn"],
    resources,
    defaultNS: "translation",
    ns: ["translation", "messages"],
    // React escapes what it renders; escaping here too would show &amp; to the shopper.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initImmediate: false,
    returnNull: false,
  });
  return instance;
}

const ready = new Map<Lang, I18n>();

/** Registers the instance meta() functions and non-component code translate with. */
export function registerI18n(lang: Lang, instance: I18n) {
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
  return instance.getFixedT(lang);
}
