import { Link } from "@remix-run/react";

import { useT } from "~/i18n/hooks";

/** Home / Category / Product: where this page sits, each step but the last a link. */
export function Breadcrumbs({ trail }: { trail: { label: string; to?: string }[] }) {
  const t = useT();
  return (
    <nav aria-label={t("product.breadcrumbs.label")} className="mb-6 text-sm text-stone-600">
      <ol className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        {trail.map((step, i) => (
          <li key={`${i}-${step.label}`} className="flex min-w-0 items-center gap-2">
            {i > 0 ? <span aria-hidden="true">/</span> : null}
            {step.to ? (
              <Link to={step.to} className="hover:text-brand-700 hover:underline">
                {step.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate font-semibold text-stone-900">
                {step.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
