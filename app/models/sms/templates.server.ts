import { courierWords, mailLang } from "../mail/layout.server";
import type { SmsMessage } from "../mail/outbox.server";
import { orderForMessage } from "../orders/order-messages.server";

// Text messages, rendered in the worker in the order's language. Short: one
// SMS is 70 Bangla (UCS-2) or 160 Latin characters, and gateways bill per part.
// The code stays in Latin digits in both languages (the form takes either).

export async function renderSms(message: SmsMessage): Promise<string> {
  switch (message.template) {
    case "order-code": {
      const { order, lang } = await orderForMessage(message.data.orderId);
      return mailLang(lang).t("mail.sms.orderCode", { code: message.data.code, number: order.orderNumber });
    }
    case "order-shipped": {
      const { order, lang } = await orderForMessage(message.data.orderId);
      const l = mailLang(lang);
      const tracking = order.trackingNumber ? l.t("mail.sms.trackingSuffix", { tracking: order.trackingNumber }) : "";
      const values = { number: order.orderNumber, courier: courierWords(l, order.courier), tracking, amount: l.fmt.money(order.totalPrice) };
      return l.t(order.isPaid ? "mail.sms.orderShippedPaid" : "mail.sms.orderShipped", values);
    }
  }
}
