import { isLang } from "~/i18n/languages";
import { prisma } from "~/utils/db.server";
import { formatOrderNumber } from "~/utils/order-number";

import { toTaka } from "../catalogue/pricing";
import { mailLang } from "../mail/layout.server";
import { courierWords } from "../mail/templates.server";
import type { SmsMessage } from "../mail/outbox.server";

// Text messages, rendered in the worker in the order's language. Short: one
// SMS is 70 Bangla (UCS-2) or 160 Latin characters, and gateways bill per part.
// The code stays in Latin digits in both languages (the form takes either).

export async function renderSms(message: SmsMessage): Promise<string> {
  switch (message.template) {
    case "order-code": {
      const row = await prisma.order.findUnique({ where: { id: message.data.orderId }, select: { number: true, lang: true } });
      if (!row) throw new Error(`order ${message.data.orderId} not found`);
      const { t } = mailLang(isLang(row.lang) ? row.lang : "en");
      return t("mail.sms.orderCode", { code: message.data.code, number: formatOrderNumber(row.number) });
    }
    case "order-shipped": {
      const row = await prisma.order.findUnique({
        where: { id: message.data.orderId },
        select: { number: true, lang: true, courier: true, trackingNumber: true, isPaid: true, totalPaisa: true },
      });
      if (!row) throw new Error(`order ${message.data.orderId} not found`);
      const l = mailLang(isLang(row.lang) ? row.lang : "en");
      const tracking = row.trackingNumber ? l.t("mail.sms.trackingSuffix", { tracking: row.trackingNumber }) : "";
      const values = { number: formatOrderNumber(row.number), courier: courierWords(l, row.courier), tracking, amount: l.fmt.money(toTaka(row.totalPaisa)) };
      return l.t(row.isPaid ? "mail.sms.orderShippedPaid" : "mail.sms.orderShipped", values);
    }
  }
}
