import { useT } from "~/i18n/hooks";
import { Trans } from "~/i18n/Trans";
import { SHOP_CONTACT } from "~/utils/contact";

/** An order that waits for the shop's call (issue 37): no code to enter; we call the buyer. Never says why. */
export function CallNote({ phone }: { phone: string }) {
  const t = useT();
  return (
    <section
      aria-labelledby="confirm-heading"
      className="rounded-lg border border-amber-300 border-l-4 border-l-amber-600 bg-amber-50 p-5 text-sm text-stone-900"
      data-testid="call-note"
    >
      <h2 id="confirm-heading" className="text-lg font-semibold">
        {t("customers.call.title")}
      </h2>
      <p className="mt-1">
        <Trans
          i18nKey="customers.call.body"
          values={{ phone: SHOP_CONTACT.phone, buyerPhone: phone }}
          // eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans puts the number in
          components={{ tel: <a href={SHOP_CONTACT.phoneHref} className="whitespace-nowrap font-medium text-brand-700 underline" /> }}
        />
      </p>
    </section>
  );
}
