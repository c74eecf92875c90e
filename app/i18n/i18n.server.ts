import bn from "~/locales/bn";
import en from "~/locales/en";

import { createI18n, registerI18n } from "./instance";
import { langFromPath, type Lang } from "./languages";

export const resources = { en, bn };

// Built once per process: a render picks one, instead of preparing a translator per request.
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

/** t for a request's language, from the process's ready translator. */
export function tOf(request: Request) {
  return instances[langOf(request)].t;
}
