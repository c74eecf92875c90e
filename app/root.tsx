import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";

// Brand typeface, self-hosted from Fontsource (font-display: swap in its CSS);
// the Latin file, cut to 400-600 and defined in tailwind.css, is preloaded on
// English pages (Document); the other subsets load only when a page needs them.
// Bangla pages only (Document): most phones have a Bengali font, but not all, and not the same one.
import bengali from "~/styles/bengali.css";
import bengaliFont from "~/styles/fonts/noto-sans-bengali-bengali-wght-400-600.woff2";
import interCore from "~/styles/fonts/inter-core-wght-400-600.woff2";

import { NotFoundPage } from "~/components/layout/NotFound";
import { Footer } from "~/components/layout/Footer";
import { Header } from "~/components/layout/Header";
import { LanguageOffer } from "~/components/layout/LanguageOffer";
import { LanguageAlternates } from "~/components/layout/LanguageSwitch";
import { SmallFaces } from "~/components/layout/SmallFaces";
import { StructuredData } from "~/components/layout/StructuredData";
import { Toaster } from "~/components/layout/Toaster";
import { getLayoutData } from "~/models/content/layout.server";
import { readShopper } from "~/page-holes/shopper.server";
import tailwind from "~/styles/tailwind.css";
import { useLang, useLocalePath, useMessage, useT } from "~/i18n/hooks";
import { langOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath } from "~/i18n/languages";
import { errorTitle } from "~/web/error-title";
import { useNonce } from "~/web/nonce";
import { useFocusResetOnNewPage, useTopAfterSubmittingElsewhere } from "~/hooks/use-focus-reset";
import { seoMeta } from "~/web/seo";
import { publicOrigin } from "~/models/platform/shop-url.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tailwind },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Pages without their own meta (cart, sign-in, checkout) still get link-preview tags;
// a failed page that names no title of its own says so rather than the shop's tagline.
export const meta: MetaFunction = ({ error, location }) => {
  const t = tFor(langFromPath(location.pathname));
  return error ? [{ title: errorTitle(error, t) }] : seoMeta({ title: t("common.meta.title"), description: t("common.meta.description") });
};

export async function loader({ request }: LoaderFunctionArgs) {
  // The shopper's part (user, toast, cartCount) is what the page cache fills in per request (app/page-holes).
  const [{ user, toast, cartCount, setCookie }, layout] = await Promise.all([readShopper(request.headers.get("Cookie")), getLayoutData(langOf(request))]);
  return json(
    { user, toast, cartCount, ...layout, year: new Date().getFullYear(), origin: publicOrigin(request) },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

export type RootData = typeof loader;

/** What the root hands a route that brings its own layout (`handle.shopChrome === false`). */
export type ShellContext = { flash: ReactNode };

function Document({ children, title, origin }: { children: ReactNode; title?: string; origin?: string }) {
  const nonce = useNonce();
  const lang = useLang();
  // The back office edits Bangla text (names, synonyms): the face is fetched only for Bangla letters shown.
  const backOffice = useLocation().pathname.startsWith("/admin");
  useFocusResetOnNewPage();
  useTopAfterSubmittingElsewhere();
  return (
    <html lang={lang} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#9a3412" />
        {/* Before any stylesheet: the faces must be there when the first layout runs (decision 117). */}
        <SmallFaces />
        {title ? <title>{title}</title> : null}
        <Meta />
        {/* One font preloaded: the one the page's headline is set in. On a Bangla page Inter
            (its few Latin words) would otherwise share the phone's first second with the
            Bengali face the largest paint waits for. */}
        <link rel="preload" href={lang === "bn" ? bengaliFont : interCore} as="font" type="font/woff2" crossOrigin="anonymous" />
        <Links />
        {lang === "bn" ? <link rel="stylesheet" href={bengali} /> : backOffice ? <link rel="stylesheet" href={bengali} /> : null}
        {origin ? <LanguageAlternates origin={origin} /> : null}
        <StructuredData />
      </head>
      <body className="flex min-h-full flex-col bg-stone-50 text-stone-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  // Routes with `handle.shopChrome === false` (the back office, the packing slip) bring their own layout.
  const bare = useMatches().some((m) => (m.handle as { shopChrome?: boolean } | undefined)?.shopChrome === false);
  // Routes with `handle.header` (the checkout steps: web/checkout-layout.ts) bring their own header.
  const OwnHeader = useMatches()
    .map((m) => (m.handle as { header?: () => JSX.Element } | undefined)?.header)
    .find(Boolean);
  // The flash is read and rendered here; the back office only says where it goes (the top of its own <main>).
  const flash = <Toaster toast={data.toast} />;
  if (bare) {
    return (
      <Document>
        <Outlet context={{ flash } satisfies ShellContext} />
      </Document>
    );
  }
  return (
    <Document origin={data.origin}>
      {OwnHeader ? <OwnHeader /> : <Header user={data.user} cartCount={data.cartCount} categories={data.categories} />}
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
        {flash}
        <LanguageOffer />
        <Outlet />
      </main>
      <Footer pages={data.footerPages} year={data.year} />
    </Document>
  );
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const lp = useLocalePath();
  const msg = useMessage();
  // The shop around the error when its data loaded (a 404 of a product, a category, an unknown address).
  const root = useRouteLoaderData<typeof loader>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const body =
    status === 404 ? (
      <NotFoundPage error={error} />
    ) : (
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 py-10 text-center">
        <p className="text-6xl font-semibold text-brand-600">{status}</p>
        <h1 className="text-2xl font-semibold">
          {isRouteErrorResponse(error) && typeof error.data === "string" ? msg(error.data) : t("common.errors.tryAgain")}
        </h1>
        <a href={lp("/")} className="btn-primary">
          {t("common.errors.backToShop")}
        </a>
      </div>
    );
  if (!root) {
    return (
      <Document title={errorTitle(error, t)}>
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-10 sm:px-6 lg:px-8">
          {body}
        </main>
      </Document>
    );
  }
  return (
    <Document title={errorTitle(error, t)} origin={root.origin}>
      <Header user={root.user} cartCount={root.cartCount} categories={root.categories} />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
        {body}
      </main>
      <Footer pages={root.footerPages} year={root.year} />
    </Document>
  );
}
