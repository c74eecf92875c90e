import typography from "@tailwindcss/typography";
import type { Config } from "tailwindcss";
import defaultTheme from "tailwindcss/defaultTheme";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    // Two weights, regular and semibold (decision 120): each weight of each size is a font of its own
    // that the first layout has to set up before it can shape a line, and on a busy phone that set-up
    // was the longest part of the page's first task.
    fontWeight: { normal: "400", semibold: "600" },
    extend: {
      // Taka Sign first: it covers only U+09F3 (৳), which Inter lacks. A Bangla page's stack has no
      // Inter (`bangla`, set on html:lang(bn) in tailwind.css, decision 121).
      fontFamily: {
        sans: ["Taka Sign", "Inter Variable", "Noto Sans Bengali Variable", ...defaultTheme.fontFamily.sans],
        bangla: ["Taka Sign", "Noto Sans Bengali Variable", ...defaultTheme.fontFamily.sans],
      },
      colors: {
        brand: {
          50: "#fdf4f2",
          100: "#fbe6e1",
          200: "#f6cbbf",
          500: "#c2410c",
          600: "#9a3412",
          700: "#7c2d12",
          800: "#62230f",
          900: "#431407",
        },
      },
      // Rich text (descriptions, footer pages) in the same two weights.
      typography: {
        DEFAULT: {
          css: {
            ...Object.fromEntries(["a", "blockquote", "kbd"].map((tag) => [tag, { fontWeight: "inherit" }])),
            ...Object.fromEntries(["h1", "h2"].map((tag) => [tag, { fontWeight: "600" }])),
            ...Object.fromEntries(["h1 strong", "h2 strong", "h3 strong", "h4 strong"].map((tag) => [tag, { fontWeight: "inherit" }])),
          },
        },
      },
    },
  },
  plugins: [typography],
} satisfies Config;
