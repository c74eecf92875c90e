// Remix v2 classic compiler (the stack's choice; see ../shared/STACK.md).
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
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
