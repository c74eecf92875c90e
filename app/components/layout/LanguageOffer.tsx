import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

import { useLang, useT } from "~/i18n/hooks";
import { LANG_COOKIE } from "~/i18n/languages";

/**
 * On the English front door, a browser whose first language is Bangla is
 * offered the Bangla shop: an offer, never a redirect, and only to a shopper
 * who has not chosen yet (no `lang` cookie). It is decided in the browser,
 * after hydration, so the cached page stays one page for everyone; without
 * JavaScript the switch in the header and footer is there as always.
 * "Stay in English" is a choice too, and is remembered.
 */
export function LanguageOffer() {
  const t = useT();
  const { pathname } = useLocation();
  const lang = useLang();
  const [offer, setOffer] = useState(false);
  useEffect(() => {
    const first = (navigator.languages?.[0] ?? navigator.language ?? "").toLowerCase();
    const chosen = new RegExp(`(^|;\\s*)${LANG_COOKIE}=`).test(document.cookie);
    setOffer(pathname === "/" && lang === "en" && first.startsWith("bn") && !chosen);
  }, [pathname, lang]);
  if (!offer) return null;
  const stay = () => {
    document.cookie = `${LANG_COOKIE}=en; Path=/; Max-Age=31536000; SameSite=Lax`;
    setOffer(false);
  };
  // In Bangla on the English page (the English catalogue holds it so): it speaks to a reader of Bangla.
  return (
    <aside
      lang="bn"
      aria-label={t("common.languageOffer.label")}
      className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm"
    >
      <p className="flex-1">{t("common.languageOffer.text")}</p>
      <a href="/language/bn?next=%2F" className="btn-primary">
        {t("common.languageOffer.accept")}
      </a>
      <button type="button" onClick={stay} className="text-stone-700 underline">
        <span lang="en">{t("common.languageOffer.stay")}</span>
      </button>
    </aside>
  );
}
