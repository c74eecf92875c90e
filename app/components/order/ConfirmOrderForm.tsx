import { Form } from "@remix-run/react";

import { useFormat, useMessage, useT } from "~/i18n/hooks";
import type { Lang } from "~/i18n/languages";
import type { ConfirmationView } from "~/models/orders/cod-confirm.server";

/** Time of day in Dhaka, as the shopper's clock shows it. */
const clocks: Record<Lang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dhaka", hour: "2-digit", minute: "2-digit" }),
  bn: new Intl.DateTimeFormat("bn-BD", { timeZone: "Asia/Dhaka", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
};

/**
 * The first thing on the page of an order that awaits its cash-on-delivery
 * confirmation (decision 055): where the code went, until when the items are
 * held, the code box, and "Send the code again". Plain forms: it works
 * without JavaScript.
 */
export function ConfirmOrderForm({ confirmation: c, codeError, busy }: { confirmation: ConfirmationView; codeError?: string; busy: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const msg = useMessage();
  const clock = clocks[fmt.lang];
  const locked = c.lockedUntil !== null;
  return (
    <section
      aria-labelledby="confirm-heading"
      className="rounded-lg border border-amber-300 border-l-4 border-l-amber-600 bg-amber-50 p-5 text-sm text-stone-900"
    >
      <h2 id="confirm-heading" className="text-lg font-semibold">
        {t("order.confirm.title")}
      </h2>
      <p className="mt-1">{t("order.confirm.sent", { phone: c.sentTo })}</p>
      <p className="mt-1">{t("order.confirm.hold", { time: clock.format(new Date(c.holdUntil)) })}</p>
      {c.demoCode ? (
        <p className="mt-3 rounded-md border border-dashed border-stone-400 bg-white px-3 py-2" data-testid="demo-code">
          <span className="mr-2 rounded bg-stone-800 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">
            {t("order.confirm.demoBadge")}
          </span>
          {t("order.confirm.demo")} <strong className="font-mono text-base tracking-widest">{c.demoCode}</strong>
        </p>
      ) : null}
      {locked ? (
        <p role="alert" className="mt-3 font-medium text-red-800">
          {t("order.confirm.locked", { time: clock.format(new Date(c.lockedUntil!)) })}
        </p>
      ) : (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" preventScrollReset>
          <div>
            <label htmlFor="confirm-code" className="label">
              {t("order.confirm.codeLabel")}
            </label>
            <input
              id="confirm-code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              required
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? "confirm-code-error" : undefined}
              className="input w-40 font-mono tracking-widest"
            />
          </div>
          <button type="submit" name="intent" value="confirm" className="btn-primary" disabled={busy}>
            {t("order.confirm.submit")}
          </button>
          {codeError ? (
            <p id="confirm-code-error" role="alert" className="w-full text-sm font-medium text-red-800">
              {msg(codeError)}
            </p>
          ) : null}
        </Form>
      )}
      <Form method="post" className="mt-3" preventScrollReset>
        <button type="submit" name="intent" value="resend" className="text-sm font-semibold text-brand-700 underline hover:text-brand-800" disabled={busy}>
          {t("order.confirm.resend")}
        </button>
      </Form>
    </section>
  );
}
