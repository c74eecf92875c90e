import bn from "~/locales/bn";
import bnMail from "~/locales/bn/mail.json";
import en from "~/locales/en";
import enMail from "~/locales/en/mail.json";

import { createI18n, registerI18n } from "./instance";
import { langFromPath, type Lang } from "./languages";

// The server's catalogues: the pages' (what the browser fetches too) and the
// wording of e-mails and texts, which no page shows, so no browser downloads it.
const withMail = <C extends { translation: object }, M>(catalogue: C, mail: M) => ({ ...catalogue, translation: { ...catalogue.translation, mail } });
export const resources = { en: withMail(en, enMail), bn: withMail(bn, bnMail) };

// Built once per process: a render picks one, instead of preparing a translator per request.
const instances = { en: createI18n("en", { en: resources.en }), bn: createI18n("bn", resources) };
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
