// One component rendered alone as a page would render it: the router at the
// page's URL and the page's language around it (./fill.server.tsx fills a
// cached page's holes with these).
import { LRUCache } from "lru-cache";
import { createContext, useContext, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from "react-router-dom/server.js";

import { i18nFor } from "~/i18n/i18n.server";
import { I18nProvider } from "~/i18n/instance";
import { langFromPath, type Lang } from "~/i18n/languages";

const SlotContext = createContext<ReactElement | null>(null);
function Slot() {
  return useContext(SlotContext);
}
/**
 * One splat route: with `v3_relativeSplatPath` (remix.config.js) a form without
 * an action posts to the page's own path and query, as in the real route.
 */
const ROUTES = [{ id: "page-hole", path: "*", element: <Slot /> }];

/** Renders a component with what it reads around it on a page: the router at this URL and the page's language. */
export function renderHole(element: ReactElement, url: URL, lang: Lang = langFromPath(url.pathname)): string {
  const location = { pathname: url.pathname, search: url.search, hash: "", state: null, key: "default" };
  const context = {
    basename: "",
    location,
    matches: [{ params: { "*": url.pathname.slice(1) }, pathname: url.pathname, pathnameBase: "/", route: ROUTES[0] }],
    loaderData: {},
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    activeDeferreds: null,
  } as unknown as StaticHandlerContext;
  const router = createStaticRouter(ROUTES, context, { future: { v7_relativeSplatPath: true } });
  return renderToString(
    <I18nProvider value={i18nFor(lang)}>
      <SlotContext.Provider value={element}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SlotContext.Provider>
    </I18nProvider>,
  );
}

/**
 * A hole's HTML depends only on what it is given: the component, its props,
 * the URL and the language. Rendering it was a seventh of a filled page's CPU
 * (bench/profile-filled.mjs), and many shoppers share the same inputs (every
 * guest with one item in the cart on the same page), so renders are kept by
 * their inputs. Keys carry no secret beyond what the hole shows.
 */
const rendered = new LRUCache<string, string>({ max: 2000 });

/** renderHole, kept by `key` (which must name everything the element renders from). */
export function renderHoleOnce(key: string, element: () => ReactElement, url: URL, lang: Lang): string {
  const full = `${lang} ${url.pathname}${url.search} ${key}`;
  let html = rendered.get(full);
  if (html === undefined) rendered.set(full, (html = renderHole(element(), url, lang)));
  return html;
}
