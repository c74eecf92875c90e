import { RemixI18Next } from "remix-i18next/server";

import bn from "~/locales/bn";
import en from "~/locales/en";

import { createI18n, registerI18n } from "./instance";
import { langFromPath, LANGUAGES, type Lang } from "./languages";

export const resources = { en, bn };

// Built once per process: a render picks one, instead of initialising i18next per request.
const instances = { en: createI18n("en", { en }), bn: createI18n("bn", { en, bn }) };
registerI18n("en", instances.en);
registerI18n("bn", instances.bn);

export function i18nFor(lang: Lang) {
  return instances[lang];
}

/** The language of a request: its URL says it (/bn/…); nothing is guessed from headers or IP. */
export function langOf(request: Request): Lang {
  return langFromPath(new URL(request.url).pathname);
}

// remix-i18next's server helper, for code that starts from a request (loaders, actions, e-mails).
export const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: "en",
    findLocale: async (request) => langOf(request),
  },
  i18next: { resources, fallbackLng: "en", interpolation: { escapeValue: false } },
});

/** t for a request's language, from the process's ready instance. */
export function tOf(request: Request) {
  const lang = langOf(request);
  return instances[lang].getFixedT(lang);
}
