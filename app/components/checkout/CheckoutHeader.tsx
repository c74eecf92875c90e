import { Link } from "@remix-run/react";

import { useLocalePath, useT } from "~/i18n/hooks";

import { Logo } from "../layout/Logo";
import { SkipLink } from "../layout/SkipLink";

/**
 * The header during checkout: the logo and a way back to the cart, nothing
 * else to wander off to (no search, menus or category bar).
 */
export function CheckoutHeader() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <header className="border-b border-stone-200 bg-white">
      <SkipLink />
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <Link to={lp("/")} className="flex items-center gap-2 text-lg font-semibold tracking-tight text-brand-700">
          <Logo />
          <span>TanaBana</span>
        </Link>
        <p className="flex items-center gap-3 text-sm text-stone-600">
          <span className="hidden sm:inline">{t("checkout.header.tagline")}</span>
          <Link to={lp("/cart")} className="font-semibold text-brand-700 underline hover:text-brand-900">
            {t("checkout.header.backToCart")}
          </Link>
        </p>
      </div>
    </header>
  );
}
