import { useEffect, useState } from "react";

import { useFormat, useT } from "~/i18n/hooks";

/**
 * On a phone, an Add To Cart bar fixed to the bottom while the product form is
 * out of view, as an IntersectionObserver tells. Without JavaScript nothing can
 * tell, and a bar that always shows sat over the form itself (issue 22 item
 * 13), so it is left out: the form is the way to add. It repeats a control
 * that is already reachable, so it is hidden from assistive technology and
 * the Tab order: a convenience for thumbs, not a second control to announce.
 */
export function StickyAddToCart({ formId, name, price }: { formId: string; name: string; price: number }) {
  const t = useT();
  const fmt = useFormat();
  // null until the observer has spoken (never, without JavaScript): no bar.
  const [formInView, setFormInView] = useState<boolean | null>(null);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!form || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setFormInView(Boolean(entry?.isIntersecting)));
    observer.observe(form);
    return () => observer.disconnect();
  }, [formId]);
  if (formInView !== false) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="sticky-add-to-cart"
      className="fixed inset-x-0 bottom-0 z-40 flex items-center gap-3 border-t border-stone-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur md:hidden"
    >
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">{name}</p>
        <p className="text-sm font-semibold">{fmt.money(price)}</p>
      </div>
      <button
        type="submit"
        form={formId}
        name="intent"
        value="addToCart"
        tabIndex={-1}
        className="btn-primary flex-none"
        // Without a size the form answers "Please select a size" beside the sizes: bring them into view.
        onClick={() => document.getElementById(formId)?.scrollIntoView({ block: "center" })}
      >
        {t("product.addToCart.submit")}
      </button>
    </div>
  );
}
