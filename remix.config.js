// Remix v2 classic compiler (the stack's choice; see docs/stack.md).
// BUILD_DIR lets several checkouts' test runs build side by side without
// overwriting each other; normally it is unset and the defaults apply.
const buildDir = process.env.BUILD_DIR;

// One screen, one route module (issue 30 item 3): a screen at two URLs is a
// second route() here for the same file, with an id of its own, never a copy
// of the file or a re-export. Page n of a list is the list's own module (it
// reads params.pageNumber; page 1 when absent).
const PAGED_TWINS = [
  ["search/:keyword/page/:pageNumber", "routes/search.$keyword._index.tsx", "routes/search.$keyword.page.$pageNumber"],
  ["category/:categoryId/page/:pageNumber", "routes/category.$categoryId._index.tsx", "routes/category.$categoryId.page.$pageNumber"],
];

// The storefront again under /bn (issue 20, decision 044): the same route
// modules, a second path each. The page reads its language from the URL, so
// nothing else about a route changes. The back office, the API and resource
// routes (images, sitemap, health) stay single-language.
const BANGLA_ROUTES = [
  ["", "routes/_index.tsx"],
  ["page/:pageNumber", "routes/page.$pageNumber.tsx"],
  ["search", "routes/search._index.tsx"],
  ["search/:keyword", "routes/search.$keyword._index.tsx"],
  ["search/:keyword/page/:pageNumber", "routes/search.$keyword._index.tsx", "routes/search.$keyword.page.$pageNumber"],
  ["category/:categoryId", "routes/category.$categoryId._index.tsx"],
  ["category/:categoryId/page/:pageNumber", "routes/category.$categoryId._index.tsx", "routes/category.$categoryId.page.$pageNumber"],
  ["product/:id", "routes/product.$id.tsx"],
  ["footer-info/:id", "routes/footer-info.$id.tsx"],
  ["cart", "routes/cart.tsx"],
  ["shipping", "routes/shipping.tsx"],
  ["payment", "routes/payment.tsx"],
  ["placeorder", "routes/placeorder.tsx"],
  ["order/:id", "routes/order.$id.tsx"],
  ["orders/find", "routes/orders.find.tsx"],
  ["profile", "routes/profile.tsx"],
  ["login", "routes/login.tsx"],
  ["register", "routes/register.tsx"],
  ["forgot-password", "routes/forgot-password.tsx"],
  ["reset-password/:token", "routes/reset-password.$token.tsx"],
  ["confirm-email/:token", "routes/confirm-email.$token.tsx"],
  ["logout", "routes/logout.tsx"],
  ["*", "routes/$.tsx"],
];

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  tailwind: true,
  postcss: true,
  serverBuildPath: buildDir ? `${buildDir}/index.js` : "build/index.js",
  assetsBuildDirectory: buildDir ? `${buildDir}/assets` : "public/build",
  publicPath: "/build/",
  // Tiptap and friends ship ESM only.
  serverDependenciesToBundle: [/^@tiptap\//, /^remix-auth/, /^@conform-to\//],
  routes: async (defineRoutes) =>
    defineRoutes((route) => {
      for (const [path, file, id] of PAGED_TWINS) route(path, file, { id });
      for (const [path, file, id] of BANGLA_ROUTES) {
        route(path ? `bn/${path}` : "bn", file, { id: `bn/${id ?? file.replace(/\.tsx$/, "")}` });
      }
      // The back office's product list, page n: a child of the admin layout like the list itself.
      route("admin", "routes/admin.tsx", () => {
        route("productlist/:pageNumber", "routes/admin.productlist.tsx", { id: "routes/admin.productlist_.$pageNumber" });
      });
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
