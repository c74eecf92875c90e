import { cashToCollectPaisa } from "~/utils/money";

import { courierWords, mailLang } from "~/models/mail/index.server";
import type { SmsMessage } from "~/models/mail/index.server";
import { orderShortLink } from "~/models/orders/index.server";
import { orderForMessage } from "~/models/orders/index.server";
import type { OrderDTO } from "~/models/orders/index.server";
import type { Lang } from "~/i18n/languages";
import { prisma } from "~/models/platform/index.server";

// Text messages, rendered in the worker in the order's language. Each fits ONE
// segment (issue 41 item 1; sms-segments.test.ts holds every template to it
// with the longest data): 160 GSM-7 characters in English, so the taka sign
// (not in GSM-7) is written "Tk"; 70 UCS-2 characters in Bangla, so the Bangla
// texts are terse and leave the details to the order page their short link
// opens (decision 084). The code stays in Latin digits in both languages.

/** The cash to collect in whole taka (issue 41 item 3), as each language's SMS writes it. */
function cashWords(lang: Lang, order: Pick<OrderDTO, "totalPrice">): string {
  const taka = cashToCollectPaisa(Math.round(order.totalPrice * 100)) / 100;
  return lang === "bn" ? `৳${mailLang("bn").fmt.integer(taka)}` : new Intl.NumberFormat("en-US").format(taka);
}

/** One SMS from an order as it is now, in `lang`, with its short link: pure, for the one-segment test. */
export function smsText(template: SmsMessage["template"], lang: Lang, order: OrderDTO, link: string, code = ""): string {
  const l = mailLang(lang);
  if (template === "order-code") return l.t("mail.sms.orderCode", { code, number: order.orderNumber, link });
  const values = { number: order.orderNumber, courier: courierWords(l, order.courier), amount: cashWords(lang, order), link };
  return l.t(order.isPaid ? "mail.sms.orderShippedPaid" : "mail.sms.orderShipped", values);
}

export async function renderSms(message: SmsMessage): Promise<string> {
  const { order, lang } = await orderForMessage(message.data.orderId);
  const { linkToken } = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, select: { linkToken: true } });
  const link = orderShortLink(linkToken);
  return smsText(message.template, lang, order, link, message.template === "order-code" ? message.data.code : "");
}
