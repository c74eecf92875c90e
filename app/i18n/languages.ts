// The storefront's languages and how they appear in URLs. English keeps the
// spec's URLs; Bangla is the same site under /bn (decision 044). Pure and
// zod-free: the header and every page import it.

export const LANGUAGES = ["en", "bn"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "en";

/** The cookie that remembers a language the shopper chose with the switch (never a guess). */
export const LANG_COOKIE = "lang";

const BN_PREFIX = /^\/bn(?=\/|$)/;

/** "bn" for /bn and /bn/…, else "en". */
export function langFromPath(pathname: string): Lang {
  return BN_PREFIX.test(pathname) ? "bn" : "en";
}

/** The path without its language prefix: /bn/product/7 → /product/7, /bn → /. */
export function stripLang(pathname: string): string {
  const stripped = pathname.replace(BN_PREFIX, "");
  return stripped === "" ? "/" : stripped;
}

/** A shop path in a language: ("bn", "/cart") → /bn/cart, ("bn", "/") → /bn; English is unchanged. */
export function localePath(lang: Lang, path: string): string {
  if (lang === "en" || !path.startsWith("/") || path.startsWith("//")) return path;
  if (BN_PREFIX.test(path)) return path;
  return path === "/" ? "/bn" : path.startsWith("/?") ? `/bn${path.slice(1)}` : `/bn${path}`;
}

/** The same page (path and query) in the other language. */
export function switchLanguagePath(pathname: string, search: string, to: Lang): string {
  return localePath(to, stripLang(pathname)) + search;
}

/** A text in the page's language: the Bangla where there is one, else the English (catalogue text, order lines). */
export function inLanguage(lang: Lang, english: string, bangla: string | null | undefined): string {
  return lang === "bn" && bangla ? bangla : english;
}

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
