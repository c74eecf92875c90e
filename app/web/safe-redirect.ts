import { localePath, stripLang, type Lang } from "~/i18n/languages";

/**
 * The `redirect` query parameter of /login and /register, followed only when
 * it is a path on this site. Anything that a browser could read as another
 * host (`//evil.com`, `/\evil.com`, `https://…`, `javascript:`) falls back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to === "") return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  // Browsers treat "\" like "/" in URLs, and strip tabs and newlines before parsing.
  if ([...to].some((c) => c === "\\" || c <= " " || c === "\u007f")) return fallback;
  try {
    // A same-site path resolves against any base without changing origin.
    const base = "http://same.site.invalid";
    if (new URL(to, base).origin !== base) return fallback;
  } catch {
    return fallback;
  }
  return to;
}

/**
 * Where signing in lands: the page a `redirect` asked for (when it is safe),
 * else an admin's back office (issue 28 item 4), else the home page of the
 * sign-in page's language.
 */
export function afterSignIn(asked: FormDataEntryValue | string | null | undefined, user: { isAdmin: boolean }, lang: Lang): string {
  const fallback = user.isAdmin ? "/admin" : localePath(lang, "/");
  return safeRedirect(asked, fallback);
}

/** `path` carrying `?redirect=` along, unless it is the default "/" (login ↔ register links). */
export function withRedirect(path: string, redirectTo: string): string {
  return redirectTo === "/" ? path : `${path}?${new URLSearchParams({ redirect: redirectTo })}`;
}

/**
 * Where the language switch sends `next` in `lang`: the same page in that
 * language. The check runs on the FINAL target, after the language prefix
 * is taken off and the new one put on: `/bn//evil.example` passes as a path
 * but becomes `//evil.example` without its `/bn` (issue 27 item 11).
 */
export function languageSwitchTarget(lang: Lang, next: string | null | undefined): string {
  const home = localePath(lang, "/");
  return safeRedirect(localePath(lang, stripLang(safeRedirect(next, "/"))), home);
}
