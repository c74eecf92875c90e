import { inLanguage, localePath } from "~/i18n/languages";
import { shopUrl } from "~/models/platform/index.server";

import { mailStyles as s, type MailLang } from "./layout.server";
import type { OrderMessage, OrderMessageItem } from "./types";

// The parts every order message shares (lines, totals, address), as HTML
// and as plain text, so the placed, update and shipped mails agree.

/** The catalogue's markup (<b>, <a>) taken out, for the plain-text part. */
export const plain = (text: string) => text.replace(/<\/?[ab]>/g, "");

/** A link to a page of the shop in the message's language (/bn/… for Bangla). */
export const pageUrl = (l: MailLang, path: string) => shopUrl(localePath(l.lang, path));

type MailItem = OrderMessageItem;

/**
 * The line's colour and size (issue 38): a line of a product with colours names its colour in the
 * mail's language; a line without one reads exactly as before colours, with no empty "Colour".
 */
function variantWords(l: MailLang, i: MailItem, keys: { plain: string; coloured: string }) {
  const qty = l.fmt.integer(i.qty);
  return i.color
    ? { key: keys.coloured, values: { colour: inLanguage(l.lang, i.color, i.colorBn), size: i.selectedSize, qty } }
    : { key: keys.plain, values: { size: i.selectedSize, qty } };
}

export function itemLines(l: MailLang, order: OrderMessage) {
  return order.orderItems.map((i) => {
    const { key, values } = variantWords(l, i, { plain: "mail.order.itemLine", coloured: "mail.order.itemLineColour" });
    return l.t(key, { ...values, name: inLanguage(l.lang, i.name, i.nameBn), price: l.fmt.money(i.price * i.qty) });
  });
}

function sizeWords(l: MailLang, i: MailItem) {
  const { key, values } = variantWords(l, i, { plain: "mail.order.itemSize", coloured: "mail.order.itemSizeColour" });
  return l.t(key, values);
}

function totals(l: MailLang, order: OrderMessage): [string, number][] {
  // The coupon's own line (issue 41 item 4), a negative amount: it comes off the items.
  const coupon: [string, number][] = order.couponCode && order.couponDiscount ? [[l.t("coupon.line", { code: order.couponCode }), -order.couponDiscount]] : [];
  return [[l.t("mail.order.items"), order.itemsPrice], ...coupon, [l.t("mail.order.shipping"), order.shippingPrice], [l.t("mail.order.tax"), order.taxPrice]];
}

/** A discount line reads "−৳100.00", not "৳-100.00". */
const signedMoney = (l: MailLang, value: number) => (value < 0 ? `−${l.fmt.money(-value)}` : l.fmt.money(value));

export function totalsLines(l: MailLang, order: OrderMessage) {
  return [...totals(l, order), [l.t("mail.order.total"), order.totalPrice] as const].map(([label, value]) => `${label}: ${signedMoney(l, value)}`);
}

export function addressLines(l: MailLang, order: OrderMessage) {
  const a = order.shippingAddress;
  return [a.name, a.address, `${a.city} ${a.postalCode}`, a.phone, `(${a.deliveryLabel})`];
}

export function OrderTable({ l, order }: { l: MailLang; order: OrderMessage }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
      <tbody>
        {order.orderItems.map((i, n) => (
          <tr key={n}>
            <td style={s.cell}>
              {inLanguage(l.lang, i.name, i.nameBn)}
              <br />
              <span style={{ color: "#57534e", fontSize: "13px" }}>{sizeWords(l, i)}</span>
            </td>
            <td style={{ ...s.cell, textAlign: "right", whiteSpace: "nowrap" }}>{l.fmt.money(i.price * i.qty)}</td>
          </tr>
        ))}
        {totals(l, order).map(([label, value]) => (
          <tr key={label}>
            <td style={{ ...s.cell, color: "#57534e" }}>{label}</td>
            <td style={{ ...s.cell, textAlign: "right", color: "#57534e" }}>{signedMoney(l, value)}</td>
          </tr>
        ))}
        <tr>
          <td style={{ ...s.cell, fontWeight: 700, borderBottom: "none" }}>{l.t("mail.order.total")}</td>
          <td style={{ ...s.cell, fontWeight: 700, textAlign: "right", borderBottom: "none" }}>{l.fmt.money(order.totalPrice)}</td>
        </tr>
      </tbody>
    </table>
  );
}

export function Address({ l, order }: { l: MailLang; order: OrderMessage }) {
  return (
    <p style={s.p}>
      {addressLines(l, order).map((line, n) => (
        <span key={n}>
          {line}
          <br />
        </span>
      ))}
    </p>
  );
}
