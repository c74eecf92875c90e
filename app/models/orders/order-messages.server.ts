import { i18nFor } from "~/i18n/i18n.server";
import { isLang } from "~/i18n/languages";
import type { Tx } from "~/models/platform/index.server";
import { prisma } from "~/models/platform/index.server";

import { enqueueMail, enqueueSms, outboxEntry } from "~/models/mail/index.server";
import type { OrderComposer, OrderMessage } from "~/models/mail/types";
import { orderInclude, toOrderDTO } from "./order-dto.server";
import { orderShortLink } from "./order-link.server";
import { deliveryLabelText, orderNextSteps } from "./order-next-steps";

/*
 * Which order events the buyer hears about, and when (issue 28 item 2).
 *
 * A cash-on-delivery parcel is usually paid at the door, so staff press
 * "Delivered" and "Paid" within seconds of each other. Two e-mails a second
 * apart read as noise; one that says "delivered, and we received ৳X" is a
 * receipt. So the paid, delivered and shipped messages wait a settle window
 * (MAIL_SETTLE_SECONDS, 2 minutes) and are written from the order as it is
 * when they go; just before sending, `mootReason` (orders' compose step,
 * lent to mail in app/domain-links.server.ts) drops a message that a later one
 * already says:
 *   - paid, once the order is delivered and its delivered message (queued, or
 *     sent after the payment) says the payment too;
 *   - shipped, once the order is delivered or cancelled, or its courier or
 *     tracking number was corrected (the corrected details have their own).
 *   - a confirmation code, once its order no longer waits for it (codeMootReason).
 * Placed, cancelled and the confirmation code go at once: the buyer waits for them.
 */

const settleSeconds = () => {
  const value = Number(process.env.MAIL_SETTLE_SECONDS);
  return Number.isFinite(value) && value >= 0 ? value : 120;
};

type QueuedOrder = { id: string; shippingEmail: string; phone: string; courier: string | null; trackingNumber: string | null };

/** The paid or delivered e-mail, after the settle window. */
export async function queueStepMessage(tx: Tx, order: QueuedOrder, step: "paid" | "delivered") {
  await enqueueMail(tx, {
    key: `order-${step}:${order.id}`,
    to: order.shippingEmail,
    template: `order-${step}`,
    data: { orderId: order.id },
    delaySeconds: settleSeconds(),
  });
}

/** The shipped e-mail and SMS for these details; the same details queued again add nothing (the key). */
export async function queueShippedMessages(tx: Tx, order: QueuedOrder) {
  const data = { orderId: order.id, courier: order.courier ?? "other", trackingNumber: order.trackingNumber };
  const key = `order-shipped:${order.id}:${data.courier}:${data.trackingNumber ?? ""}`;
  const timing = { delaySeconds: settleSeconds() };
  await enqueueMail(tx, { key, to: order.shippingEmail, template: "order-shipped", data, ...timing });
  if (order.phone) await enqueueSms(tx, { key: `sms-${key}`, to: order.phone, template: "order-shipped", data, ...timing });
}

/**
 * A confirmation code is worth sending only while its order waits for it
 * (issue 40 #8): not once the order is confirmed or cancelled, its hold has
 * ended, or a newer code replaced it (the key's last part is the code's
 * number). A text held up by a gateway outage would otherwise arrive after
 * the cancellation e-mail.
 */
async function codeMootReason(key: string, orderId: string): Promise<string | null> {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: { confirmedAt: true, cancelledAt: true, confirmCode: { select: { holdUntil: true, sends: true } } },
  });
  if (!order) return null;
  if (order.cancelledAt) return "Not sent: the order was cancelled before its code went out";
  if (order.confirmedAt) return "Not sent: the order was confirmed before its code went out";
  const code = order.confirmCode;
  if (!code || code.holdUntil <= new Date()) return "Not sent: the time to confirm the order ended before its code went out";
  if (Number(key.split(":").at(-1)) < code.sends) return "Not sent: a newer code replaced this one";
  return null;
}

/** Why a queued order message should not go now (said on the admin's mail page), or null to send it. */
export async function mootReason(row: { key: string; template: string; data: unknown }): Promise<string | null> {
  const data = row.data as { orderId?: string; courier?: string; trackingNumber?: string | null };
  if (data.orderId && row.template === "order-code") return codeMootReason(row.key, data.orderId);
  if (!data.orderId || (row.template !== "order-paid" && row.template !== "order-shipped")) return null;
  const order = await prisma.order.findUnique({
    where: { id: data.orderId },
    select: { isDelivered: true, paidAt: true, cancelledAt: true, courier: true, trackingNumber: true },
  });
  if (!order) return null;
  if (row.template === "order-shipped") {
    if (order.cancelledAt) return "Not sent: the order was cancelled before this went out";
    if (order.isDelivered) return "Not sent: the order was delivered before this went out";
    if (order.courier !== data.courier || order.trackingNumber !== (data.trackingNumber ?? null)) {
      return "Not sent: the courier or tracking number was corrected; the corrected one is sent instead";
    }
    return null;
  }
  if (!order.isDelivered || !order.paidAt) return null;
  const delivered = await outboxEntry(`order-delivered:${data.orderId}`);
  if (!delivered || delivered.status === "failed") return null;
  const saysPaid = delivered.status === "queued" || delivered.status === "retrying" || (delivered.sentAt !== null && delivered.sentAt >= order.paidAt);
  return saysPaid ? "Not sent: the delivered e-mail says the payment too" : null;
}

/**
 * An order as its messages tell it (the API's figures, unmasked: it goes to
 * the buyer's own address), in the language it was placed in, with its next
 * steps, its delivery label in words and the short link a text carries
 * (decision 084): the plain shape mail renders (mail/types.ts). Mail and SMS
 * templates read orders only through this, never through the table.
 */
export async function orderMessage(orderId: string): Promise<OrderMessage> {
  const row = await prisma.order.findUnique({ where: { id: orderId }, include: orderInclude });
  if (!row) throw new Error(`order ${orderId} not found`);
  const order = toOrderDTO(row);
  const lang = isLang(row.lang) ? row.lang : "en";
  const a = order.shippingAddress;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    lang,
    link: orderShortLink(row.linkToken),
    orderItems: order.orderItems.map(({ name, nameBn, color, colorBn, selectedSize, qty, price }) => ({
      name,
      nameBn,
      ...(color !== undefined ? { color, colorBn } : {}),
      selectedSize,
      qty,
      price,
    })),
    shippingAddress: {
      name: a.name,
      address: a.address,
      city: a.city,
      postalCode: a.postalCode,
      phone: a.phone,
      deliveryLabel: deliveryLabelText(i18nFor(lang).t, a.deliveryLabel),
    },
    itemsPrice: order.itemsPrice,
    shippingPrice: order.shippingPrice,
    taxPrice: order.taxPrice,
    totalPrice: order.totalPrice,
    couponCode: order.couponCode,
    couponDiscount: order.couponDiscount,
    isPaid: order.isPaid,
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    shipNote: order.shipNote,
    nextSteps: orderNextSteps(order, lang),
  };
}

/** Orders' compose step in mail's send task (mail/types.ts), lent through app/domain-links.server.ts. */
export const orderComposer: OrderComposer = { mootReason, order: orderMessage };
