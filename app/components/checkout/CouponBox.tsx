import { Form, useNavigation } from "@remix-run/react";

import { useFormat, useT } from "~/i18n/hooks";
import type { CouponActionData, CouponState } from "~/web/coupon-form.server";

type Refusal = CouponActionData["coupon"]["refusal"];

/** A refusal in the page's language, its money in the page's digits. */
export function useCouponRefusalText() {
  const t = useT();
  const fmt = useFormat();
  return (r: Refusal) =>
    t(`coupon.refused.${r.reason}`, {
      code: r.code,
      min: "min" in r && r.min !== undefined ? fmt.money(r.min) : "",
      items: "items" in r && r.items !== undefined ? fmt.money(r.items) : "",
    });
}

/**
 * "Have a code?" on the cart and at checkout (issue 41 item 4): a plain form
 * posting to the page's own action, so it works without JavaScript; a refused
 * code stays in the field with the reason under it.
 */
export function CouponBox({ state, refused }: { state: CouponState; refused?: CouponActionData["coupon"] | null }) {
  const t = useT();
  const fmt = useFormat();
  const refusalText = useCouponRefusalText();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "applyCoupon";
  const remove = (code: string) => (
    <Form method="post" replace preventScrollReset>
      <input type="hidden" name="intent" value="removeCoupon" />
      <button
        type="submit"
        className="text-sm font-semibold text-brand-700 underline hover:text-brand-800"
        aria-label={t("coupon.field.removeNamed", { code })}
      >
        {t("coupon.field.remove")}
      </button>
    </Form>
  );

  if (state && !state.refusal && !refused) {
    return (
      <div className="space-y-1 rounded-md border border-green-200 bg-green-50 px-3 py-2" data-testid="coupon-applied">
        <p role="status" className="text-sm text-green-900">
          {t("coupon.field.applied", { code: state.code, off: fmt.money(state.off) })}
        </p>
        {remove(state.code)}
      </div>
    );
  }
  const error = refused?.refusal ?? state?.refusal ?? null;
  const typed = refused?.typed ?? state?.code ?? "";
  return (
    <div className="space-y-2">
      <Form method="post" replace preventScrollReset className="space-y-1">
        <input type="hidden" name="intent" value="applyCoupon" />
        <label htmlFor="coupon-code" className="label">
          {t("coupon.field.label")}
        </label>
        <div className="flex gap-2">
          <input
            id="coupon-code"
            name="code"
            key={typed}
            defaultValue={typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={60}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "coupon-error" : undefined}
            className="input min-w-0 flex-1 uppercase"
          />
          <button type="submit" className="btn-secondary whitespace-nowrap" disabled={busy}>
            {busy ? t("coupon.field.applying") : t("coupon.field.apply")}
          </button>
        </div>
        {error ? (
          <p id="coupon-error" role="alert" className="text-sm font-semibold text-red-700" data-testid="coupon-error">
            {refusalText(error)}
          </p>
        ) : null}
      </Form>
      {/* A code kept from earlier that no longer applies: say so, and let the buyer drop it. */}
      {state?.refusal && !refused ? remove(state.code) : null}
    </div>
  );
}
