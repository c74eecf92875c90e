import { Trans } from "~/i18n/Trans";
import { useT } from "~/i18n/hooks";
import { SHOP_CONTACT } from "~/utils/contact";

/** An order no code confirms any more (an SMS budget ran out, or codes were guessed at): the shop calls (issue 37). */
export function WillCallNote({ phone }: { phone: string }) {
  const t = useT();
  return (
    <section
      aria-labelledby="call-heading"
      className="rounded-lg border border-amber-300 border-l-4 border-l-amber-600 bg-amber-50 p-5 text-sm text-stone-900"
      data-testid="will-call"
    >
      <h2 id="call-heading" className="text-lg font-semibold">
        {t("confirmcall.title")}
      </h2>
      <p className="mt-1">
        <Trans
          i18nKey="confirmcall.body"
          values={{ phone: SHOP_CONTACT.phone, buyerPhone: phone }}
          // eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans puts the number in
          components={{ tel: <a href={SHOP_CONTACT.phoneHref} className="whitespace-nowrap font-medium text-brand-700 underline" /> }}
        />
      </p>
    </section>
  );
}
