import { useT } from "~/i18n/hooks";

/** The first Tab stop of every layout's header: straight to the page's `<main id="main">`. */
export function SkipLink() {
  const t = useT();
  return (
    <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2 focus:text-stone-900">
      {t("common.skipLink")}
    </a>
  );
}
