import { Trans } from "~/i18n/Trans";

import { isLang, type Lang } from "~/i18n/languages";
import { ORDER_CANCEL_REASONS } from "~/schemas/order-ops";
import { cashToCollectPaisa } from "~/utils/money";
import { trackingUrl } from "~/utils/tracking-url";

import { orderForMessage } from "./compose.server";
import { emailChangeMail, emailNoticeMail, passwordResetMail, type RenderedForSending, type RenderedMail } from "./account-templates.server";
import { courierWords, MailButton, mailLang, mailStyles as s, renderMailHtml, textFooter, type MailLang } from "./layout.server";
import type { MailMessage } from "./outbox.server";
import { Address, addressLines, itemLines, OrderTable, pageUrl, plain, totalsLines } from "./order-parts.server";
import type { OrderMessage } from "./types";

// Each message as HTML and plain text, rendered in the worker (never in the
// request that queued it) from the order as it is when the mail is sent, in
// the language the order was placed in. Its words are in app/locales/<lang>/mail.json;
// order numbers and phone numbers stay in Latin digits in every language.

export type { RenderedMail };

function orderPlaced(l: MailLang, order: OrderMessage): RenderedMail {
  const { t } = l;
  const link = pageUrl(l, `/order/${order.id}`);
  const find = pageUrl(l, "/orders/find");
  const number = order.orderNumber;
  const name = order.shippingAddress.name;
  const steps = order.nextSteps;
  const html = renderMailHtml(
    l,
    t("mail.placed.preview", { name, number }),
    <>
      <h1 style={s.h1}>{t("mail.placed.heading")}</h1>
      <p style={s.p}>
        <Trans t={t} i18nKey="mail.placed.number" values={{ number }} components={{ b: <strong /> }} />
      </p>
      <MailButton href={link}>{t("mail.order.view")}</MailButton>
      <h2 style={s.h2}>{t("mail.placed.nextSteps")}</h2>
      {/* Numbered in the message's digits ("১."): a list's own markers are Latin in every mail client. */}
      <ol style={{ ...s.p, paddingLeft: "0", listStyle: "none" }}>
        {steps.map((step, n) => (
          <li key={step.text} style={{ marginBottom: "6px" }}>
            {`${l.fmt.integer(n + 1)}. `}
            {step.text}
            {step.amount ? <strong>{step.amount}</strong> : null}
            {step.after}
            {step.link ? (
              <>
                {" "}
                <a href={step.link.href} style={s.link}>
                  {step.link.text}
                </a>
              </>
            ) : null}
          </li>
        ))}
      </ol>
      <h2 style={s.h2}>{t("mail.placed.yourOrder")}</h2>
      <OrderTable l={l} order={order} />
      <h2 style={s.h2}>{t("mail.placed.deliveryTo")}</h2>
      <Address l={l} order={order} />
      <p style={s.muted}>
        {/* eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans puts the link text in */}
        <Trans t={t} i18nKey="mail.placed.lostLink" values={{ url: find }} components={{ a: <a href={find} style={s.link} /> }} />
      </p>
    </>,
  );
  const text = [
    t("mail.placed.greeting", { name }),
    "",
    plain(t("mail.placed.number", { number })),
    `${t("mail.order.view")}: ${link}`,
    "",
    t("mail.placed.nextSteps"),
    ...steps.map(
      (step, n) => `${l.fmt.integer(n + 1)}. ${step.text}${step.amount ?? ""}${step.after ?? ""}${step.link ? ` ${step.link.text}: ${step.link.href}` : ""}`,
    ),
    "",
    t("mail.placed.yourOrder"),
    ...itemLines(l, order),
    ...totalsLines(l, order),
    "",
    t("mail.placed.deliveryTo"),
    ...addressLines(l, order),
    "",
    plain(t("mail.placed.lostLink", { url: find })),
    "",
    textFooter(l),
  ].join("\n");
  return { subject: t("mail.placed.subject", { number }), html, text };
}

/** A cancel reason in words; a reason the shop does not know (an old row) shows as stored. */
function reasonWords({ t }: MailLang, reason: string | undefined) {
  if (reason === undefined) return t("mail.cancelled.reason.none");
  return (ORDER_CANCEL_REASONS as readonly string[]).includes(reason) ? t(`mail.cancelled.reason.${reason}`) : reason;
}

/** Cancelled, delivered and paid: one short message each, with the order's link. */
function orderUpdate(l: MailLang, order: OrderMessage, kind: "cancelled" | "delivered" | "paid", reason?: string): RenderedMail {
  const { t } = l;
  const link = pageUrl(l, `/order/${order.id}`);
  const number = order.orderNumber;
  const words = {
    cancelled: {
      subject: t("mail.cancelled.subject", { number }),
      heading: t("mail.cancelled.heading"),
      body: t("mail.cancelled.body", { number, reason: reasonWords(l, reason) }),
    },
    delivered: {
      subject: t("mail.delivered.subject", { number }),
      heading: t("mail.delivered.heading"),
      // Paid at the door too (the usual cash-on-delivery case): this one message is the receipt (order-messages.server.ts).
      body: [
        t("mail.delivered.body", { number, name: order.shippingAddress.name }),
        order.isPaid ? t("mail.delivered.paidToo", { amount: l.fmt.money(order.totalPrice) }) : "",
      ]
        .filter(Boolean)
        .join(" "),
    },
    paid: {
      subject: t("mail.paid.subject", { number }),
      heading: t("mail.paid.heading"),
      body: t("mail.paid.body", { number, amount: l.fmt.money(order.totalPrice) }),
    },
  }[kind];
  const html = renderMailHtml(
    l,
    words.body,
    <>
      <h1 style={s.h1}>{words.heading}</h1>
      <p style={s.p}>{words.body}</p>
      <MailButton href={link}>{t("mail.order.view")}</MailButton>
      <OrderTable l={l} order={order} />
    </>,
  );
  const text = [
    words.heading,
    "",
    words.body,
    "",
    `${t("mail.order.view")}: ${link}`,
    "",
    ...itemLines(l, order),
    ...totalsLines(l, order),
    "",
    textFooter(l),
  ].join("\n");
  return { subject: words.subject, html, text };
}

/** Handed to a courier: who brings it, the tracking number, the shop's note and the cash to keep ready. */
function orderShipped(l: MailLang, order: OrderMessage): RenderedMail {
  const { t } = l;
  const link = pageUrl(l, `/order/${order.id}`);
  const number = order.orderNumber;
  const tracking = trackingUrl(order.courier, order.trackingNumber);
  const lines = [
    t("mail.shipped.body", { number, courier: courierWords(l, order.courier) }),
    order.trackingNumber ? t("mail.shipped.tracking", { tracking: order.trackingNumber }) : "",
    tracking ? t("mail.shipped.trackLink", { url: tracking }) : "",
    order.shipNote ? t("mail.shipped.note", { note: order.shipNote }) : "",
    // Whole taka: the rider cannot take paisa (issue 41 item 3).
    order.isPaid ? "" : t("mail.shipped.cash", { amount: l.fmt.money(cashToCollectPaisa(Math.round(order.totalPrice * 100)) / 100) }),
  ].filter(Boolean);
  const html = renderMailHtml(
    l,
    lines[0]!,
    <>
      <h1 style={s.h1}>{t("mail.shipped.heading")}</h1>
      {lines.map((line) => (
        <p key={line} style={s.p}>
          {line}
        </p>
      ))}
      <MailButton href={link}>{t("mail.order.view")}</MailButton>
      <OrderTable l={l} order={order} />
      <h2 style={s.h2}>{t("mail.placed.deliveryTo")}</h2>
      <Address l={l} order={order} />
    </>,
  );
  const text = [
    t("mail.shipped.heading"),
    "",
    ...lines,
    "",
    `${t("mail.order.view")}: ${link}`,
    "",
    ...itemLines(l, order),
    ...totalsLines(l, order),
    "",
    t("mail.placed.deliveryTo"),
    ...addressLines(l, order),
    "",
    textFooter(l),
  ].join("\n");
  return { subject: t("mail.shipped.subject", { number }), html, text };
}

/** The order as orders tell it now, and the language it was placed in. */
async function loadOrder(orderId: string): Promise<{ order: OrderMessage; l: MailLang }> {
  const order = await orderForMessage(orderId);
  return { order, l: mailLang(order.lang) };
}

/**
 * Subject, HTML and text of one queued message, and its language (the
 * Content-Language it is sent with); `kept`, when given, is what the outbox
 * may keep instead (no link: issue 27 item 1).
 */
export async function renderMail(message: MailMessage): Promise<RenderedForSending & { lang: Lang }> {
  switch (message.template) {
    case "order-placed": {
      const { order, l } = await loadOrder(message.data.orderId);
      return { ...orderPlaced(l, order), lang: l.lang };
    }
    case "order-cancelled": {
      const { order, l } = await loadOrder(message.data.orderId);
      return { ...orderUpdate(l, order, "cancelled", message.data.reason), lang: l.lang };
    }
    case "order-delivered": {
      const { order, l } = await loadOrder(message.data.orderId);
      return { ...orderUpdate(l, order, "delivered"), lang: l.lang };
    }
    case "order-paid": {
      const { order, l } = await loadOrder(message.data.orderId);
      return { ...orderUpdate(l, order, "paid"), lang: l.lang };
    }
    case "order-shipped": {
      const { order, l } = await loadOrder(message.data.orderId);
      return { ...orderShipped(l, order), lang: l.lang };
    }
    // Messages queued before the page knew its language have none: English.
    case "password-reset":
      return { ...passwordResetMail(message.data), lang: isLang(message.data.lang) ? message.data.lang : "en" };
    case "email-change":
      return { ...emailChangeMail(message.data), lang: isLang(message.data.lang) ? message.data.lang : "en" };
    case "email-change-notice":
      return { ...emailNoticeMail(message.data), lang: isLang(message.data.lang) ? message.data.lang : "en" };
  }
}
