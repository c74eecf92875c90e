import typography from "@tailwindcss/typography";
import type { Config } from "tailwindcss";
import defaultTheme from "tailwindcss/defaultTheme";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      // Taka Sign first: it covers only U+09F3 (৳), which Inter lacks.
      fontFamily: { sans: ["Taka Sign", "Inter Variable", "Noto Sans Bengali Variable", ...defaultTheme.fontFamily.sans] },
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
    },
  },
  plugins: [typography],
} satisfies Config;
