import { banglaPath, pagedPath, STOREFRONT_PAGES } from "./server/public-pages.js";

// Remix v2 classic compiler (the stack's choice; see docs/stack.md).
// BUILD_DIR lets several checkouts' test runs build side by side without
// overwriting each other; normally it is unset and the defaults apply.
const buildDir = process.env.BUILD_DIR;

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
      // One screen, one route module (issue 30 item 3): a screen at a second
      // URL is a second route() for the same file, with an id of its own, never
      // a copy of the file or a re-export. The storefront's pages come from
      // server/public-pages.js: page n of a list is the list's own module (it
      // reads params.pageNumber; page 1 when absent), and every page is served
      // again under /bn (issue 20, decision 044), reading its language from the
      // URL. The back office, the API and resource routes stay single-language.
      for (const page of STOREFRONT_PAGES) {
        const id = page.file.replace(/\.tsx$/, "");
        if (page.twin) route(pagedPath(page.path), page.file, { id: page.twin });
        route(banglaPath(page.path), page.file, { id: `bn/${id}` });
        if (page.twin) route(banglaPath(pagedPath(page.path)), page.file, { id: `bn/${page.twin}` });
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
