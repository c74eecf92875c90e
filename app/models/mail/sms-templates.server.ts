import { cashToCollectPaisa } from "~/utils/money";

import type { Lang } from "~/i18n/languages";

import { orderForMessage } from "./compose.server";
import { courierWords, mailLang } from "./layout.server";
import type { SmsMessage } from "./outbox.server";
import type { OrderMessage } from "./types";

// Text messages, rendered by the send job in the order's language (the messages' domain, decision 094). Each fits ONE
// segment (issue 41 item 1; sms-segments.test.ts holds every template to it
// with the longest data): 160 GSM-7 characters in English, so the taka sign
// (not in GSM-7) is written "Tk"; 70 UCS-2 characters in Bangla, so the Bangla
// texts are terse and leave the details to the order page their short link
// opens (decision 084). The code stays in Latin digits in both languages.

/** The cash to collect in whole taka (issue 41 item 3), as each language's SMS writes it. */
function cashWords(lang: Lang, order: Pick<OrderMessage, "totalPrice">): string {
  const taka = cashToCollectPaisa(Math.round(order.totalPrice * 100)) / 100;
  return lang === "bn" ? `৳${mailLang("bn").fmt.integer(taka)}` : new Intl.NumberFormat("en-US").format(taka);
}

/** One SMS from an order as it is now, in `lang`, with its short link: pure, for the one-segment test. */
export function smsText(
  template: SmsMessage["template"],
  lang: Lang,
  order: Pick<OrderMessage, "orderNumber" | "courier" | "totalPrice" | "isPaid">,
  link: string,
  code = "",
): string {
  const l = mailLang(lang);
  if (template === "order-code") return l.t("mail.sms.orderCode", { code, number: order.orderNumber, link });
  const values = { number: order.orderNumber, courier: courierWords(l, order.courier), amount: cashWords(lang, order), link };
  return l.t(order.isPaid ? "mail.sms.orderShippedPaid" : "mail.sms.orderShipped", values);
}

/** The text of one queued SMS: the order (and its short link) as orders tell it, in the order's language. */
export async function renderSms(message: SmsMessage): Promise<string> {
  const order = await orderForMessage(message.data.orderId);
  return smsText(message.template, order.lang, order, order.link, message.template === "order-code" ? message.data.code : "");
}
