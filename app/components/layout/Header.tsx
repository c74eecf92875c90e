import { Form, Link, NavLink } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { useCloseOnNavigation } from "~/hooks/use-close-on-navigation";
import { useFormat, useLocalePath, useT } from "~/i18n/hooks";

import { LanguageSwitch } from "./LanguageSwitch";
import { Logo } from "./Logo";
import { SearchBox } from "./SearchBox";
import { SkipLink } from "./SkipLink";

type Props = {
  user: { id: number; name: string; isAdmin: boolean } | null;
  cartCount: number;
  categories: { id: number; name: string }[];
};

const adminLinks = [
  ["Dashboard", "/admin"],
  ["Products", "/admin/productlist"],
  ["Categories", "/admin/categorylist"],
  ["Discount", "/admin/discountlist"],
  ["Orders", "/admin/orderlist"],
  ["Users", "/admin/userlist"],
  ["Footer", "/admin/footerCreate"],
] as const;

// Menus are <details> so they open with JavaScript off too. With JavaScript a
// click outside, Escape or a client-side navigation closes them, as shoppers
// expect from a dropdown (a <details> alone stays open across page changes).
function Menu({ label, icon, children }: { label: string; icon?: React.ReactNode; children: React.ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useCloseOnNavigation(ref);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details ref={ref} className="group relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold hover:bg-brand-700">
        {/* With an icon, the label shows only where there is room, so an admin's header
            (cart, account, Admin) stays one row on a phone. */}
        {icon}
        <span className={icon ? "sr-only sm:not-sr-only sm:max-w-[12rem] sm:truncate" : ""}>{label}</span>
        <span aria-hidden="true" className="text-xs transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-44 overflow-hidden rounded-md border border-stone-200 bg-white py-1 text-stone-800 shadow-lg">
        {children}
      </div>
    </details>
  );
}

const menuItem = "block w-full px-4 py-2 text-left text-sm hover:bg-stone-100";

export function Header({ user, cartCount, categories }: Props) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <header className="bg-brand-600 text-white shadow">
      <SkipLink />
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-3 px-4 py-3 sm:gap-3 sm:px-6 lg:px-8">
        <Link to={lp("/")} className="flex flex-none items-center gap-2 text-lg font-semibold tracking-tight">
          <Logo />
          <span>TanaBana</span>
        </Link>
        <div className="order-last w-full sm:order-none sm:ml-4 sm:w-auto sm:flex-1">
          <SearchBox />
        </div>
        <AccountNav user={user} cartCount={cartCount} />
      </div>
      {categories.length > 0 ? (
        <nav aria-label={t("common.header.categories")} className="relative bg-brand-700">
          {/* Scrolls sideways on a phone: the fade and arrow at the edge say there is more, and the
              end padding lets the last category scroll clear of them. */}
          <span
            aria-hidden="true"
            data-testid="category-scroll-cue"
            className="pointer-events-none absolute inset-y-0 right-0 z-10 flex w-12 items-center justify-end bg-gradient-to-l from-brand-700 from-40% to-transparent pr-2 sm:hidden"
          >
            {/* Drawn, not the "›" letter: a letter at this size and weight was a font of its own to set up
                before the first paint (decision 120). */}
            <svg viewBox="0 0 20 20" className="h-[18px] w-[18px]" fill="none" stroke="currentColor" strokeWidth={2}>
              <path d="M8 4.5 13.5 10 8 15.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 py-1 pr-14 text-sm sm:px-6 lg:px-8">
            {categories.map((c) => (
              <li key={c.id}>
                <NavLink
                  to={lp(`/category/${c.id}`)}
                  className={({ isActive }) => `block whitespace-nowrap rounded px-3 py-1.5 hover:bg-brand-600 ${isActive ? "bg-brand-900" : ""}`}
                >
                  {c.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

/**
 * The shopper's own corner of the header: the cart and its count, the account
 * menu or "Sign In", the language switch and an admin's menu. A page from the
 * page cache gets this part rendered for each request on its own (a "hole",
 * app/page-holes), so it takes everything it shows as props and nothing from
 * the page around it but the URL and the language.
 */
export function AccountNav({ user, cartCount }: Pick<Props, "user" | "cartCount">) {
  const t = useT();
  const lp = useLocalePath();
  const fmt = useFormat();
  return (
    <nav aria-label={t("common.header.account")} className="ml-auto flex flex-none items-center gap-1 sm:gap-2">
      <Link to={lp("/cart")} className="relative flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold hover:bg-brand-700">
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.6h8.8a2 2 0 0 0 2-1.6L22 7H6" />
          <circle cx="10" cy="20" r="1.5" />
          <circle cx="18" cy="20" r="1.5" />
        </svg>
        {/* The icon says "cart" on a phone; the word comes back where there is room. */}
        <span className="sr-only sm:not-sr-only">{t("common.header.cart")}</span>
        {cartCount > 0 ? (
          <span
            className="rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-stone-900"
            aria-label={t("common.header.cartCount", { count: cartCount, n: fmt.integer(cartCount) })}
          >
            {fmt.integer(cartCount)}
          </span>
        ) : null}
      </Link>
      {user ? (
        <Menu label={user.name} icon={<PersonIcon />}>
          <Link to={lp("/profile")} className={menuItem}>
            {t("common.header.profile")}
          </Link>
          <Form method="post" action={lp("/logout")}>
            <button type="submit" className={menuItem}>
              {t("common.header.logout")}
            </button>
          </Form>
        </Menu>
      ) : (
        <Link to={lp("/login")} className="rounded-md px-2 py-1 text-sm font-semibold hover:bg-brand-700">
          {t("common.header.signIn")}
        </Link>
      )}
      {/* An admin's phone header has no room beside the Admin menu: the footer's switch serves there. */}
      <LanguageSwitch className={`rounded-md px-2 py-1 text-sm font-semibold hover:bg-brand-700 ${user?.isAdmin ? "hidden sm:inline" : ""}`} />
      {user?.isAdmin ? (
        <Menu label="Admin">
          {adminLinks.map(([label, to]) => (
            <Link key={to} to={to} className={menuItem}>
              {label}
            </Link>
          ))}
        </Menu>
      ) : null}
    </nav>
  );
}

function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5 sm:hidden" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}
