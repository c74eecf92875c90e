import { Trans } from "~/i18n/Trans";
import { useT } from "~/i18n/hooks";
import { SHOP_CONTACT } from "~/utils/contact";

/**
 * Why an unconfirmed order has no code to enter, each with its own words:
 * - `call-note`: the phone's record asks for a call (issue 37); it never says why;
 * - `will-call`: no code confirms it any more (an SMS budget ran out, or codes were guessed at);
 * - `no-code`: it was placed before codes were sent.
 * Each gives the shop's number to call.
 */
const NOTES = {
  "call-note": { title: "customers.call.title", body: "customers.call.body" },
  "will-call": { title: "confirmcall.title", body: "confirmcall.body" },
  "no-code": { title: "order.confirm.noCodeTitle", body: "order.confirm.noCode" },
} as const;

export function ShopCallsNote({ why, phone }: { why: keyof typeof NOTES; phone: string }) {
  const t = useT();
  const note = NOTES[why];
  return (
    <section
      aria-labelledby="confirm-heading"
      className="rounded-lg border border-amber-300 border-l-4 border-l-amber-600 bg-amber-50 p-5 text-sm text-stone-900"
      data-testid={why}
    >
      <h2 id="confirm-heading" className="text-lg font-semibold">
        {t(note.title)}
      </h2>
      <p className="mt-1">
        <Trans
          i18nKey={note.body}
          values={{ phone: SHOP_CONTACT.phone, buyerPhone: phone }}
          // eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans puts the number in
          components={{ tel: <a href={SHOP_CONTACT.phoneHref} className="whitespace-nowrap font-semibold text-brand-700 underline" /> }}
        />
      </p>
    </section>
  );
}
