// The storefront's pages, and which of them anyone may see and share from a
// cache: the one list (issue 30 item 2, docs/decisions/057). Everything else
// is derived from it:
// - remix.config.js gives each page its /bn twin (decision 044) and each list
//   its page-n twin, as route() entries for the same module;
// - server/page-cache.js caches and shares exactly the pages marked `shared`,
//   in both languages, with the resources and catalogue JSON below;
// - server/read-routing.js sends the back office's reads to the primary;
// - deploy/varnish/shop.vcl keeps no list: it stores what the shop marks
//   public, and tests/unit/varnish-agrees.test.ts checks that it lets every
//   page here be shared and passes the requests the shop answers personally.
// Plain JavaScript, so that server.js and remix.config.js load it as they are.

/**
 * @typedef {object} StorefrontPage
 * @property {string} path The URL pattern in Remix's syntax, without the leading slash ("" is the front door).
 * @property {string} file Its route module, relative to app/.
 * @property {string} [twin] Route id of its page-n twin, `<path>/page/:pageNumber`, served by the same module.
 * @property {boolean} [shared] Anyone may see it, with any query (search, sort, filters, ?image=): an anonymous copy is cached and shared.
 */

/**
 * Every screen a shopper sees, in English at its path and in Bangla under
 * /bn. The back office, the API and resource routes (images, sitemap,
 * health) are single-language and not listed.
 * @type {readonly StorefrontPage[]}
 */
export const STOREFRONT_PAGES = [
  { path: "", file: "routes/_index.tsx", shared: true },
  { path: "page/:pageNumber", file: "routes/page.$pageNumber.tsx", shared: true },
  { path: "search", file: "routes/search._index.tsx" },
  { path: "search/:keyword", file: "routes/search.$keyword._index.tsx", twin: "routes/search.$keyword.page.$pageNumber", shared: true },
  { path: "category/:categoryId", file: "routes/category.$categoryId._index.tsx", twin: "routes/category.$categoryId.page.$pageNumber", shared: true },
  { path: "product/:id", file: "routes/product.$id.tsx", shared: true },
  { path: "footer-info/:id", file: "routes/footer-info.$id.tsx", shared: true },
  { path: "size-guide/:categoryId", file: "routes/size-guide.$categoryId.tsx" },
  { path: "cart", file: "routes/cart.tsx" },
  { path: "shipping", file: "routes/shipping.tsx" },
  { path: "payment", file: "routes/payment.tsx" },
  { path: "placeorder", file: "routes/placeorder.tsx" },
  { path: "order/:id", file: "routes/order.$id.tsx" },
  { path: "orders/find", file: "routes/orders.find.tsx" },
  { path: "profile", file: "routes/profile.tsx" },
  { path: "login", file: "routes/login.tsx" },
  { path: "register", file: "routes/register.tsx" },
  { path: "forgot-password", file: "routes/forgot-password.tsx" },
  { path: "reset-password/:token", file: "routes/reset-password.$token.tsx" },
  { path: "confirm-email/:token", file: "routes/confirm-email.$token.tsx" },
  { path: "logout", file: "routes/logout.tsx" },
  { path: "*", file: "routes/$.tsx" },
];

/** The path of a page's Bangla twin. */
export const banglaPath = (/** @type {string} */ path) => (path ? `bn/${path}` : "bn");

/** The path of a list's page-n twin. */
export const pagedPath = (/** @type {string} */ path) => `${path}/page/:pageNumber`;

/** Resources anyone may fetch, shared like the pages (single-language). */
const SHARED_RESOURCES = ["/sitemap.xml", "/robots.txt"];

/**
 * The public catalogue JSON (the routes answer `public, max-age=5`). A
 * parameter may say what it matches, as `:id(\d+)`.
 */
export const SHARED_JSON = [
  "/api/products",
  "/api/products/top",
  "/api/products/suggest",
  "/api/products/category/:categoryId",
  "/api/products/:id(\\d+)",
  "/api/categories",
  "/api/categories/:id(\\d+)",
  "/api/footer",
  "/api/footer/:id(\\d+)",
];

/**
 * Every shared page's URL pattern, in both languages, with the page-n twins
 * and the shared resources. The Bangla front door is also shared as "/bn/",
 * which Remix serves as the same page.
 * @type {readonly string[]}
 */
export const SHARED_PAGES = [
  ...STOREFRONT_PAGES.filter((page) => page.shared)
    .flatMap((page) => (page.twin ? [page.path, pagedPath(page.path)] : [page.path]))
    .flatMap((path) => [`/${path}`, `/${banglaPath(path)}`, ...(path === "" ? ["/bn/"] : [])]),
  ...SHARED_RESOURCES,
];

/** The back office: its reads go to the primary (server/read-routing.js). */
export const BACK_OFFICE = "/admin";

/**
 * A URL pattern as a regular expression for a request's path: `:name` is one
 * segment, `:name(re)` one that matches `re`; anything else is literal.
 * @param {string} pattern
 */
export function patternToRegExp(pattern) {
  const source = pattern
    .split("/")
    .map((segment) => {
      const param = /^:\w+(?:\((.+)\))?$/.exec(segment);
      if (param) return param[1] ? `(?:${param[1]})` : "[^/]+";
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source}$`);
}

const SHARED_PAGE_RES = SHARED_PAGES.map(patternToRegExp);
const SHARED_JSON_RES = SHARED_JSON.map(patternToRegExp);

/** Whether the path is a page (or shared resource) anyone may see, in either language. */
export const isSharedPage = (/** @type {string} */ path) => SHARED_PAGE_RES.some((re) => re.test(path));

/** Whether the path is the public catalogue JSON. */
export const isSharedJson = (/** @type {string} */ path) => SHARED_JSON_RES.some((re) => re.test(path));

/** Whether the path is the back office's (/admin and below). */
export const isBackOffice = (/** @type {string} */ path) => path === BACK_OFFICE || path.startsWith(`${BACK_OFFICE}/`);
