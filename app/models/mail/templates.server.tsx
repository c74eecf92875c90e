import { orderInclude, toOrderDTO, type OrderDTO } from "~/models/orders/order-dto.server";
import { CANCEL_REASON_LABELS, type CancelReason } from "~/schemas/order-ops";
import { prisma } from "~/utils/db.server";
import { formatTaka } from "~/utils/money";
import { orderNextSteps } from "~/utils/order-next-steps";
import { shopUrl } from "~/utils/shop-url.server";

import { MailButton, mailStyles as s, renderMailHtml, TEXT_FOOTER } from "./layout.server";
import type { MailMessage } from "./outbox.server";

// Each message as HTML and plain text, rendered in the worker (never in the
// request that queued it) from the order as it is when the mail is sent.

export type RenderedMail = { subject: string; html: string; text: string };

function itemLines(order: OrderDTO) {
  return order.orderItems.map((i) => `- ${i.name}, size ${i.selectedSize} × ${i.qty}: ${formatTaka(i.price * i.qty)}`);
}

function totalsLines(order: OrderDTO) {
  return [
    `Items: ${formatTaka(order.itemsPrice)}`,
    `Shipping: ${formatTaka(order.shippingPrice)}`,
    `Tax: ${formatTaka(order.taxPrice)}`,
    `Total: ${formatTaka(order.totalPrice)}`,
  ];
}

function addressLines(order: OrderDTO) {
  const a = order.shippingAddress;
  return [a.name, a.address, `${a.city} ${a.postalCode}`, a.phone, `(${a.deliveryLabel})`];
}

function OrderTable({ order }: { order: OrderDTO }) {
  const totals: [string, number][] = [
    ["Items", order.itemsPrice],
    ["Shipping", order.shippingPrice],
    ["Tax", order.taxPrice],
  ];
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
      <tbody>
        {order.orderItems.map((i, n) => (
          <tr key={n}>
            <td style={s.cell}>
              {i.name}
              <br />
              <span style={{ color: "#57534e", fontSize: "13px" }}>
                Size {i.selectedSize} × {i.qty}
              </span>
            </td>
            <td style={{ ...s.cell, textAlign: "right", whiteSpace: "nowrap" }}>{formatTaka(i.price * i.qty)}</td>
          </tr>
        ))}
        {totals.map(([label, value]) => (
          <tr key={label}>
            <td style={{ ...s.cell, color: "#57534e" }}>{label}</td>
            <td style={{ ...s.cell, textAlign: "right", color: "#57534e" }}>{formatTaka(value)}</td>
          </tr>
        ))}
        <tr>
          <td style={{ ...s.cell, fontWeight: 700, borderBottom: "none" }}>Total</td>
          <td style={{ ...s.cell, fontWeight: 700, textAlign: "right", borderBottom: "none" }}>{formatTaka(order.totalPrice)}</td>
        </tr>
      </tbody>
    </table>
  );
}

function Address({ order }: { order: OrderDTO }) {
  return (
    <p style={s.p}>
      {addressLines(order).map((line, n) => (
        <span key={n}>
          {line}
          <br />
        </span>
      ))}
    </p>
  );
}

function orderPlaced(order: OrderDTO): RenderedMail {
  const link = shopUrl(`/order/${order.id}`);
  const find = shopUrl("/orders/find");
  const steps = orderNextSteps(order);
  const subject = `Order ${order.orderNumber} received — TanaBana`;
  const html = renderMailHtml(
    `Thank you, ${order.shippingAddress.name}. Your order ${order.orderNumber} is in.`,
    <>
      <h1 style={s.h1}>Thank you for your order</h1>
      <p style={s.p}>
        Your order number is <strong>{order.orderNumber}</strong>. Quote it if you call us.
      </p>
      <MailButton href={link}>View your order</MailButton>
      <h2 style={s.h2}>What happens next</h2>
      <ol style={{ ...s.p, paddingLeft: "20px" }}>
        {steps.map((step) => (
          <li key={step.text} style={{ marginBottom: "6px" }}>
            {step.text}
            {step.amount ? <strong>{step.amount}</strong> : null}
            {step.after}
          </li>
        ))}
      </ol>
      <h2 style={s.h2}>Your order</h2>
      <OrderTable order={order} />
      <h2 style={s.h2}>Delivery to</h2>
      <Address order={order} />
      <p style={s.muted}>
        Lost this e-mail&apos;s link? Find the order again at <a href={find} style={s.link}>{find}</a> with its number and your e-mail or phone.
      </p>
    </>,
  );
  const text = [
    `Thank you for your order, ${order.shippingAddress.name}.`,
    "",
    `Your order number is ${order.orderNumber}. Quote it if you call us.`,
    `View your order: ${link}`,
    "",
    "What happens next",
    ...steps.map((step, n) => `${n + 1}. ${step.text}${step.amount ?? ""}${step.after ?? ""}`),
    "",
    "Your order",
    ...itemLines(order),
    ...totalsLines(order),
    "",
    "Delivery to",
    ...addressLines(order),
    "",
    `Lost this e-mail's link? Find the order again at ${find} with its number and your e-mail or phone.`,
    "",
    TEXT_FOOTER,
  ].join("\n");
  return { subject, html, text };
}

/** Cancelled, delivered and paid: one short message each, with the order's link. */
function orderUpdate(order: OrderDTO, kind: "cancelled" | "delivered" | "paid", reason?: string): RenderedMail {
  const link = shopUrl(`/order/${order.id}`);
  const words = {
    cancelled: {
      subject: `Order ${order.orderNumber} cancelled — TanaBana`,
      heading: "Your order has been cancelled",
      body: `Order ${order.orderNumber} has been cancelled. Reason: ${reason ?? "not given"}. Nothing is owed for it. If you did not expect this, call or write to us and quote the order number.`,
    },
    delivered: {
      subject: `Order ${order.orderNumber} delivered — TanaBana`,
      heading: "Your order has been delivered",
      body: `Order ${order.orderNumber} has reached ${order.shippingAddress.name}. We hope you enjoy it. You can review what you bought on each product's page.`,
    },
    paid: {
      subject: `Payment received for order ${order.orderNumber} — TanaBana`,
      heading: "Payment received",
      body: `We have received ${formatTaka(order.totalPrice)} for order ${order.orderNumber}. Keep this e-mail as your receipt.`,
    },
  }[kind];
  const html = renderMailHtml(
    words.body,
    <>
      <h1 style={s.h1}>{words.heading}</h1>
      <p style={s.p}>{words.body}</p>
      <MailButton href={link}>View your order</MailButton>
      <OrderTable order={order} />
    </>,
  );
  const text = [words.heading, "", words.body, "", `View your order: ${link}`, "", ...itemLines(order), ...totalsLines(order), "", TEXT_FOOTER].join("\n");
  return { subject: words.subject, html, text };
}

function passwordReset({ name, url }: { name: string; url: string }): RenderedMail {
  const subject = "Reset your TanaBana password";
  const lines = [
    `Hello ${name},`,
    "Someone (we hope you) asked to reset the password of your TanaBana account. The link below lets you choose a new one. It is valid for 1 hour and works once.",
  ];
  const ignore = "If you did not ask, ignore this e-mail: your password stays as it is.";
  const html = renderMailHtml(
    "Choose a new password for your TanaBana account.",
    <>
      <h1 style={s.h1}>Reset your password</h1>
      {lines.map((line) => (
        <p key={line} style={s.p}>
          {line}
        </p>
      ))}
      <MailButton href={url}>Choose a new password</MailButton>
      <p style={s.muted}>
        Or paste this link into your browser: <a href={url} style={s.link}>{url}</a>
      </p>
      <p style={s.muted}>{ignore}</p>
    </>,
  );
  const text = [...lines, "", `Choose a new password: ${url}`, "", ignore, "", TEXT_FOOTER].join("\n");
  return { subject, html, text };
}

async function loadOrder(orderId: string): Promise<OrderDTO> {
  const row = await prisma.order.findUnique({ where: { id: orderId }, include: orderInclude });
  if (!row) throw new Error(`order ${orderId} not found`);
  return toOrderDTO(row);
}

/** Subject, HTML and text of one queued message. */
export async function renderMail(message: MailMessage): Promise<RenderedMail> {
  switch (message.template) {
    case "order-placed":
      return orderPlaced(await loadOrder(message.data.orderId));
    case "order-cancelled": {
      const reason = CANCEL_REASON_LABELS[message.data.reason as CancelReason] ?? message.data.reason;
      return orderUpdate(await loadOrder(message.data.orderId), "cancelled", reason);
    }
    case "order-delivered":
      return orderUpdate(await loadOrder(message.data.orderId), "delivered");
    case "order-paid":
      return orderUpdate(await loadOrder(message.data.orderId), "paid");
    case "password-reset":
      return passwordReset(message.data);
  }
}
