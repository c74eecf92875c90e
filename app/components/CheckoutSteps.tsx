import { Link } from "@remix-run/react";

const STEPS = [
  { label: "Sign In", to: "/login?redirect=/shipping" },
  { label: "Shipping", to: "/shipping" },
  { label: "Payment", to: "/payment" },
  { label: "Place Order", to: "/placeorder" },
] as const;

/**
 * The checkout progress bar. `current` is the 1-based step being shown; steps
 * before it are links back, later ones are plain text. A signed-in shopper
 * sees "Sign In" as done; a guest may skip it (guest checkout).
 */
export function CheckoutSteps({ current, signedIn }: { current: 2 | 3 | 4; signedIn: boolean }) {
  return (
    <nav aria-label="Checkout steps" className="mb-8">
      <ol className="flex items-center justify-center gap-1 text-xs font-medium sm:gap-2 sm:text-sm">
        {STEPS.map((step, index) => {
          const n = index + 1;
          const done = n < current && (n > 1 || signedIn);
          const isCurrent = n === current;
          const reachable = n < current && !(n === 1 && signedIn);
          const tone = isCurrent
            ? "bg-brand-600 text-white"
            : done
              ? "bg-brand-50 text-brand-800"
              : "bg-stone-100 text-stone-500";
          return (
            <li key={step.label} className="flex items-center gap-1 sm:gap-2">
              {index > 0 ? <span aria-hidden="true" className="h-px w-3 bg-stone-300 sm:w-8" /> : null}
              {reachable ? (
                <Link to={step.to} className={`rounded-full px-2.5 py-1 hover:underline sm:px-3 ${tone}`}>
                  {done ? <span aria-hidden="true">✓ </span> : null}
                  {step.label}
                </Link>
              ) : (
                <span aria-current={isCurrent ? "step" : undefined} className={`rounded-full px-2.5 py-1 sm:px-3 ${tone}`}>
                  {done ? <span aria-hidden="true">✓ </span> : null}
                  {step.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
