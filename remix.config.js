// Remix v2 classic compiler (the stack's choice; see ../shared/STACK.md).
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  tailwind: true,
  postcss: true,
  // Tiptap and friends ship ESM only.
  serverDependenciesToBundle: [/^@tiptap\//, /^remix-auth/, /^@conform-to\//],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
