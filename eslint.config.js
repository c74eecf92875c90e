import fs from "node:fs";

import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The service domains, one folder each under app/models. */
const domains = fs
  .readdirSync("app/models", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ["build/", "public/build/", "node_modules/", ".cache/", ".data/", ".tmp/", "tests/.artifacts/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Code every shop page loads in the browser (root, header, home, the list
    // pages): zod, conform, Tiptap and d3 would weigh on each first visit
    // (home JavaScript budget: 100 KB gzip). Types are free; labels and URL
    // helpers live in zod-free modules (app/utils/list-options.ts).
    files: [
      "app/root.tsx",
      "app/routes/_index.tsx",
      "app/components/layout/{Header,SearchBox,Footer,Toaster}.tsx",
      "app/components/product/**",
      "app/hooks/use-checked-form.ts",
      "app/components/{catalogue,home}/**",
      "app/utils/list-*.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/schemas/*", "zod", "@conform-to/*"],
              allowTypeImports: true,
              message: "zod in the shop's shared JavaScript: import a type, or move the value to a zod-free module.",
            },
            { group: ["@tiptap/*", "d3-*", "isomorphic-dompurify"], message: "Back-office only: keep it out of the shop's shared JavaScript." },
          ],
        },
      ],
    },
  },
  {
    // The layers (docs/architecture.md): utils/ holds pure helpers that
    // anything may use, so it imports no layer above it; services (models/)
    // know nothing of HTTP, routes or the web layer.
    files: ["app/utils/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "~/models/*",
                "~/routes/*",
                "~/web/*",
                "~/components/*",
                "~/hooks/*",
                "~/page-holes/*",
                "~/schemas/*",
                "~/i18n/*",
                "@remix-run/*",
                "../*",
              ],
              message: "utils/ is for pure helpers, the ground floor: move this module to web/, models/ or hooks/.",
            },
          ],
        },
      ],
    },
  },
  {
    // Input schemas are shared by forms, the API and the services: they stand below all three.
    files: ["app/schemas/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/models/*", "~/routes/*", "~/web/*", "~/components/*", "~/hooks/*", "~/page-holes/*"],
              message: "schemas/ imports only utils/ and i18n/: move the helper it needs to utils/.",
            },
          ],
        },
      ],
    },
  },
  // One face per domain (decision 090): a domain's files import another domain only through its
  // index.server.ts (its public functions) or types.ts (plain types); the rest of it is private.
  ...domains.map((domain) => ({
    files: [`app/models/${domain}/**`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/routes/*", "~/web/*", "~/hooks/*", "~/page-holes/*"], message: "Services do not reach up into the web layer." },
            ...domains
              .filter((other) => other !== domain)
              .map((other) => ({
                group: ["~/models", "../", "../../"].flatMap((base) => {
                  const dir = `${base === "~/models" ? "~/models/" : base}${other}`;
                  return [`${dir}/*`, `!${dir}/index.server`, `!${dir}/types`];
                }),
                message: `Another domain's private file: import it from ~/models/${other}/index.server (or its types.ts), and export it there if it is public.`,
              })),
          ],
        },
      ],
    },
  })),
  {
    // Short files (issue 30): a file over 300 lines is two topics; split it where they part.
    files: ["**/*.{ts,tsx,js,mjs}"],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
    // Express tells error handlers by their four parameters, used or not.
    rules: { "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }] },
  },
);
