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

/** `path` carrying `?redirect=` along, unless it is the default "/" (login ↔ register links). */
export function withRedirect(path: string, redirectTo: string): string {
  return redirectTo === "/" ? path : `${path}?${new URLSearchParams({ redirect: redirectTo })}`;
}
