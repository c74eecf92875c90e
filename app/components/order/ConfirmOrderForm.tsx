import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";

import { useFormat, useMessage, useT } from "~/i18n/hooks";
import { dhakaClock } from "~/utils/number-format";
import { SHOP_CONTACT } from "~/utils/contact";
import type { ConfirmationView } from "~/models/orders/cod-confirm.server";

/**
 * The first thing on the page of an order that awaits its cash-on-delivery
 * confirmation (decision 055): where the code went, until when the items are
 * held, the code box, and "Send the code again". Plain forms: it works
 * without JavaScript.
 */
/**
 * Seconds until "Send the code again" works: the server's count (`now` is its clock, so a wrong
 * phone clock does not matter), then, with JavaScript, a countdown to 0 (issue 41 item 1).
 */
function useSecondsLeft(resendAt: string | null, now: string): { left: number; counting: boolean } {
  const initial = resendAt ? Math.max(0, Math.ceil((Date.parse(resendAt) - Date.parse(now)) / 1000)) : 0;
  const [left, setLeft] = useState(initial);
  // Only a running countdown may hold the button: without JavaScript nothing would ever enable it again.
  const [counting, setCounting] = useState(false);
  useEffect(() => {
    setCounting(true);
    setLeft(initial);
    if (initial <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const next = Math.max(0, initial - Math.floor((Date.now() - started) / 1000));
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [initial]);
  return { left, counting };
}

export function ConfirmOrderForm({
  confirmation: c,
  now,
  codeError,
  busy,
}: {
  confirmation: ConfirmationView;
  now: string;
  codeError?: string;
  busy: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
  const msg = useMessage();
  // Time of day in Dhaka, as the shopper's clock shows it.
  const clock = (iso: string) => dhakaClock(new Date(iso), fmt.lang);
  const locked = c.lockedUntil !== null;
  const { left, counting } = useSecondsLeft(c.resendAt, now);
  return (
    <section
      aria-labelledby="confirm-heading"
      className="rounded-lg border border-amber-300 border-l-4 border-l-amber-600 bg-amber-50 p-5 text-sm text-stone-900"
    >
      <h2 id="confirm-heading" className="text-lg font-semibold">
        {t("order.confirm.title")}
      </h2>
      <p className="mt-1">{t("order.confirm.sent", { phone: c.sentTo })}</p>
      <p className="mt-1">{t("order.confirm.hold", { time: clock(c.holdUntil) })}</p>
      {c.demoCode ? (
        <p className="mt-3 rounded-md border border-dashed border-stone-400 bg-white px-3 py-2" data-testid="demo-code">
          <span className="mr-2 rounded bg-stone-800 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">
            {t("order.confirm.demoBadge")}
          </span>
          {t("order.confirm.demo")} <strong className="font-mono text-base tracking-widest">{c.demoCode}</strong>
        </p>
      ) : null}
      {locked ? (
        <p role="alert" className="mt-3 font-semibold text-red-800">
          {t("order.confirm.locked", { time: clock(c.lockedUntil!) })}
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
            <p id="confirm-code-error" role="alert" className="w-full text-sm font-semibold text-red-800">
              {msg(codeError)}
            </p>
          ) : null}
        </Form>
      )}
      {c.resendAt === null ? (
        <p className="mt-3">{t("order.confirm.resendUsedUp", { phone: SHOP_CONTACT.phone })}</p>
      ) : (
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1" preventScrollReset>
          {/* Pressed early (JavaScript off keeps the button), the server says to wait: the text beside it says how long. */}
          <button
            type="submit"
            name="intent"
            value="resend"
            className="text-sm font-semibold text-brand-700 underline hover:text-brand-800 disabled:text-stone-500 disabled:no-underline"
            disabled={busy || (counting && left > 0)}
            aria-describedby="resend-wait"
          >
            {t("order.confirm.resend")}
          </button>
          <span id="resend-wait" className="text-stone-700" data-testid="resend-wait" aria-live="polite">
            {left > 0 ? t("order.confirm.resendIn", { seconds: fmt.integer(left) }) : t("order.confirm.resendNow")}
          </span>
        </Form>
      )}
    </section>
  );
}
