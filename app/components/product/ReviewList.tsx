import type { ReviewDTO } from "~/models/catalogue/product.server";
import { useFormat, useT } from "~/i18n/hooks";
import { tenCharacterDate } from "~/utils/dates";

import { Rating } from "./Rating";

/**
 * Reviews, newest first, each from a shopper with a delivered order of the
 * product marked "Verified purchase". Comments are plain text: React escapes any HTML in them.
 */
export function ReviewList({ reviews }: { reviews: ReviewDTO[] }) {
  const t = useT();
  const fmt = useFormat();
  if (reviews.length === 0) {
    return <p className="rounded-md border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">{t("product.reviewList.empty")}</p>;
  }
  return (
    <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
      {reviews.map((r) => (
        <li key={r.id} className="space-y-1 p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-semibold">{r.name}</p>
            <time dateTime={r.createdAt} className="text-xs text-stone-500">
              {/* The spec fixes a review's date as its first 10 characters; Bangla reads it in words. */}
              {fmt.lang === "en" ? tenCharacterDate(r.createdAt) : fmt.date(r.createdAt)}
            </time>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Rating value={r.rating} />
            {r.verified ? (
              <span title={t("product.reviewList.verifiedHint")} className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">
                ✓ {t("product.reviewList.verified")}
              </span>
            ) : null}
          </div>
          <p className="whitespace-pre-line break-words text-sm text-stone-700">{r.comment}</p>
        </li>
      ))}
    </ul>
  );
}
