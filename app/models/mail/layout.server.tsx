import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import { formattersFor, type Formatters } from "~/i18n/format";
import { i18nFor } from "~/i18n/i18n.server";
import type { Lang } from "~/i18n/languages";
import type { TFunction } from "~/i18n/translate";
import { SHOP_CONTACT } from "~/utils/contact";

// The frame every e-mail shares: the shop's colours, one readable column
// (600 px, the width mail clients are built around), inline styles only (mail
// clients drop <style> and classes), no external images or fonts (blocked by
// most clients, and a tracking risk). The mark is drawn with a table cell.

const BRAND = "#9a3412";
const BRAND_DARK = "#7c2d12";
const INK = "#1c1917";
const MUTED = "#57534e";

/** What a message is written with: its language's catalogue (app/locales/<lang>/mail.json) and number formats. */
export type MailLang = { lang: Lang; t: TFunction; fmt: Formatters };

export function mailLang(lang: Lang): MailLang {
  return { lang, t: i18nFor(lang).t, fmt: formattersFor(lang) };
}

export const mailStyles = {
  h1: { fontSize: "22px", margin: "0 0 12px", color: INK },
  h2: { fontSize: "16px", margin: "24px 0 8px", color: INK },
  p: { fontSize: "15px", lineHeight: "1.5", margin: "0 0 12px", color: INK },
  muted: { fontSize: "13px", lineHeight: "1.5", color: MUTED, margin: "0 0 8px" },
  link: { color: BRAND_DARK, textDecoration: "underline" },
  button: {
    display: "inline-block",
    background: BRAND,
    color: "#ffffff",
    padding: "12px 20px",
    borderRadius: "6px",
    textDecoration: "none",
    fontWeight: 600,
    fontSize: "15px",
  },
  cell: { padding: "8px 0", borderBottom: "1px solid #e7e5e4", fontSize: "14px", color: INK, verticalAlign: "top" as const },
} as const;

export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: "20px 0" }}>
      <a href={href} style={mailStyles.button}>
        {children}
      </a>
    </p>
  );
}

function Frame({ l, preview, children }: { l: MailLang; preview: string; children: ReactNode }) {
  return (
    <html lang={l.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{preview}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: "#f5f5f4", fontFamily: "Arial, Helvetica, sans-serif" }}>
        {/* The line a mail client shows under the subject. */}
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>{preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: "#f5f5f4" }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: "600px", background: "#ffffff", borderRadius: "8px" }}
                >
                  <tbody>
                    <tr>
                      <td style={{ background: BRAND, borderRadius: "8px 8px 0 0", padding: "16px 24px", color: "#ffffff", fontSize: "20px", fontWeight: 700 }}>
                        <span style={{ color: "#fbbf24" }}>#</span> TanaBana
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "24px" }}>{children}</td>
                    </tr>
                    <tr>
                      <td style={{ padding: "16px 24px", borderTop: "1px solid #e7e5e4" }}>
                        <p style={mailStyles.muted}>
                          {l.t("mail.shop")} · {l.t("mail.footerAddress")} · {SHOP_CONTACT.phone} · {SHOP_CONTACT.email}
                        </p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The whole HTML document of one e-mail. */
export function renderMailHtml(l: MailLang, preview: string, body: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <Frame l={l} preview={preview}>
      {body}
    </Frame>,
  )}`;
}

/** The plain-text part's footer, the same facts as the HTML one. */
export function textFooter(l: MailLang): string {
  return `--\n${l.t("mail.shop")} · ${l.t("mail.footerAddress")}\n${SHOP_CONTACT.phone} · ${SHOP_CONTACT.email}`;
}

/** The courier in words: a known one by name, else "a courier". */
export function courierWords({ t }: Pick<MailLang, "t">, courier: string | null) {
  const known = ["pathao", "steadfast", "redx", "sundarban", "paperfly", "own-rider"];
  return t(`mail.shipped.courier.${courier && known.includes(courier) ? courier : "other"}`);
}
