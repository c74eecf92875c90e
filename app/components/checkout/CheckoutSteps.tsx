import { Link } from "@remix-run/react";

import { useFormat, useLocalePath, useT } from "~/i18n/hooks";

/**
 * The checkout progress bar. `current` is the 1-based step being shown; steps
 * before it are links back, later ones are plain text. A signed-in shopper
 * sees "Sign In" as done; a guest may skip it (guest checkout).
 */
export function CheckoutSteps({ current, signedIn }: { current: 2 | 3 | 4; signedIn: boolean }) {
  const t = useT();
  const lp = useLocalePath();
  const fmt = useFormat();
  const steps = [
    // Signing in comes back to the shipping step in the same language.
    { label: t("checkout.steps.signIn"), to: lp(`/login?redirect=${lp("/shipping")}`) },
    { label: t("checkout.steps.shipping"), to: lp("/shipping") },
    { label: t("checkout.steps.payment"), to: lp("/payment") },
    { label: t("checkout.steps.placeOrder"), to: lp("/placeorder") },
  ];
  return (
    <nav aria-label={t("checkout.steps.label")} className="mb-8">
      {/* Four equal columns, a numbered dot over a label that never wraps: fits a 320 px screen (so the Bangla step names are short). */}
      <ol className="mx-auto grid max-w-xl grid-cols-4 text-xs font-semibold sm:text-sm">
        {steps.map((step, index) => {
          const n = index + 1;
          const done = n < current && (n > 1 || signedIn);
          const isCurrent = n === current;
          const reachable = n < current && !(n === 1 && signedIn);
          // Later steps stay dark enough to read (stone-600 on white passes AA); only the dot is pale.
          const dot = isCurrent
            ? "bg-brand-600 text-white ring-brand-600"
            : done
              ? "bg-brand-50 text-brand-800 ring-brand-600"
              : "bg-white text-stone-600 ring-stone-300";
          const label = isCurrent ? "text-stone-900" : done ? "text-brand-800" : "text-stone-600";
          const content = (
            <>
              <span aria-hidden="true" className={`grid h-7 w-7 place-items-center rounded-full ring-2 ring-inset ${dot}`}>
                {done ? "✓" : fmt.integer(n)}
              </span>
              <span className={`whitespace-nowrap ${label}`}>{step.label}</span>
            </>
          );
          const cell = "relative flex flex-col items-center gap-1.5 rounded-md px-1 py-1 text-center";
          return (
            <li key={step.to} className="relative">
              {index > 0 ? (
                <span
                  aria-hidden="true"
                  className={`absolute right-1/2 top-[1.1rem] mr-5 h-0.5 w-[calc(100%-2.5rem)] ${n <= current ? "bg-brand-600" : "bg-stone-300"}`}
                />
              ) : null}
              {reachable ? (
                <Link to={step.to} className={`${cell} hover:underline`}>
                  {content}
                </Link>
              ) : (
                <span aria-current={isCurrent ? "step" : undefined} className={cell}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
