import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

import { createI18n, I18nProvider, registerI18n } from "~/i18n/instance";
import { isLang } from "~/i18n/languages";

// The page's language is in <html lang>; only its catalogue is fetched (a
// separate, immutable chunk), and the page hydrates once it is here.
const lang = isLang(document.documentElement.lang) ? document.documentElement.lang : "en";
const catalogue = lang === "bn" ? import("~/locales/bn") : import("~/locales/en");

void catalogue.then(({ default: resources }) => {
  const i18n = createI18n(lang, { [lang]: resources });
  registerI18n(lang, i18n);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider value={i18n}>
          <RemixBrowser />
        </I18nProvider>
      </StrictMode>,
    );
  });
});
