import { useLocation } from "@remix-run/react";

import { useLang } from "~/i18n/hooks";
import { stripLang } from "~/i18n/languages";

/**
 * "বাংলা" on an English page, "English" on a Bangla one: a plain link to the
 * same page in the other language, through /language/{lang}, which remembers
 * the choice. A full page load, since the other language's texts are another
 * catalogue.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const location = useLocation();
  const to = useLang() === "bn" ? "en" : "bn";
  const next = stripLang(location.pathname) + location.search;
  return (
    <a
      href={`/language/${to}?${new URLSearchParams({ next })}`}
      lang={to}
      hrefLang={to}
      className={to === "bn" ? `bangla-label ${className}` : className}
      data-testid="language-switch"
    >
      {to === "bn" ? "বাংলা" : "English"}
    </a>
  );
}

/** hreflang alternates of the page (absolute URLs, as search engines want them). */
export function LanguageAlternates({ origin }: { origin: string }) {
  const location = useLocation();
  const path = stripLang(location.pathname);
  const english = `${origin}${path}${location.search}`;
  const bangla = `${origin}${path === "/" ? "/bn" : `/bn${path}`}${location.search}`;
  return (
    <>
      <link rel="alternate" hrefLang="en" href={english} />
      <link rel="alternate" hrefLang="bn" href={bangla} />
      <link rel="alternate" hrefLang="x-default" href={english} />
    </>
  );
}
