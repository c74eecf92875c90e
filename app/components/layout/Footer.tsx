import { Link } from "@remix-run/react";

import { useFormat, useLocalePath, useT } from "~/i18n/hooks";
import { SHOP_CONTACT } from "~/utils/contact";

import { LanguageSwitch } from "./LanguageSwitch";

export function Footer({ pages, year }: { pages: { id: number; title: string }[]; year: number }) {
  const t = useT();
  const lp = useLocalePath();
  const fmt = useFormat();
  return (
    <footer className="render-later mt-12 bg-stone-900 text-stone-300 [contain-intrinsic-height:auto_520px]">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6 lg:px-8">
        <section>
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-white">{t("common.footer.aboutTitle")}</h2>
          <p className="text-sm leading-6">{t("common.footer.about")}</p>
        </section>
        <section>
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-white">{t("common.footer.quickLinks")}</h2>
          <ul className="space-y-1 text-sm">
            {pages.map((p) => (
              <li key={p.id}>
                <Link to={lp(`/footer-info/${p.id}`)} className="hover:text-white hover:underline">
                  {p.title}
                </Link>
              </li>
            ))}
            <li>
              <Link to={lp("/orders/find")} className="hover:text-white hover:underline">
                {t("common.footer.findOrder")}
              </Link>
            </li>
            <li>
              <LanguageSwitch className="hover:text-white hover:underline" />
            </li>
          </ul>
        </section>
        <section>
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-white">{t("common.footer.contact")}</h2>
          <address className="space-y-1 text-sm not-italic">
            <p>{t("common.footer.address")}</p>
            <p>
              <a href={SHOP_CONTACT.phoneHref} className="hover:text-white hover:underline">
                {SHOP_CONTACT.phone}
              </a>
            </p>
            <p>
              <a href={`mailto:${SHOP_CONTACT.email}`} className="hover:text-white hover:underline">
                {SHOP_CONTACT.email}
              </a>
            </p>
          </address>
        </section>
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs">{t("common.footer.copyright", { year: fmt.integer(year) })}</p>
    </footer>
  );
}
