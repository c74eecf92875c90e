import { formattersFor } from "~/i18n/format";
import { i18nFor } from "~/i18n/i18n.server";
import type { Lang } from "~/i18n/languages";
import { buyerRecord, type BuyerRecord } from "~/models/customers/index.server";
import { normalizeBdMobile } from "~/utils/phone";
import type { Badge } from "~/schemas/customer-phone";

// The phone record as the back office shows it (issue 37): words made on the server in the
// language the admin chose with ?lang=bn (the back office is otherwise English), so the page's
// scripts need no second catalogue and JavaScript off shows the same.

export type RecordView = {
  phone: string;
  badge: Badge;
  label: string;
  numbers: string;
  rate: string;
  courier: string;
  note: string | null;
  blockReason: string | null;
};

/** The back office's language for the record's words: English unless ?lang=bn. */
export const recordLang = (request: Request): Lang => (new URL(request.url).searchParams.get("lang") === "bn" ? "bn" : "en");

export function recordView(r: BuyerRecord, lang: Lang): RecordView {
  const t = i18nFor(lang).t;
  const fmt = formattersFor(lang);
  const n = (v: number) => fmt.integer(v);
  const c = r.courier;
  return {
    phone: r.phone,
    badge: r.badge,
    label: t(`customers.badge.${r.badge}`),
    numbers: t("customers.numbers", {
      placed: n(r.placed),
      delivered: n(r.delivered),
      returned: n(r.returned),
      cancelled: n(r.cancelled),
      notConfirmed: n(r.notConfirmed),
    }),
    rate: r.successRate === null ? t("customers.noRate") : t("customers.rate", { rate: n(r.successRate) }),
    courier: c
      ? t("customers.courier", { source: c.source, parcels: n(c.parcels), delivered: n(c.delivered), cancelled: n(c.cancelled), date: fmt.date(c.checkedAt) })
      : t("customers.noCourier"),
    note: r.note,
    blockReason: r.blockReason,
  };
}

/** One phone's record for an admin page; null for an order without a usable phone (old rows). */
export async function adminRecordView(phone: string, lang: Lang): Promise<RecordView | null> {
  if (!normalizeBdMobile(phone)) return null;
  return recordView(await buyerRecord(phone), lang);
}
