import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";

import { useT } from "~/i18n/hooks";
import { truncateText } from "~/utils/truncate";

export const DESCRIPTION_PREVIEW = 100;

/**
 * The description cut at 100 characters with See More / See Less. The toggles
 * are links (`?more=1`), so they work without JavaScript; with it they toggle
 * in place. `html` is sanitized by the server.
 */
export function ProductDescription({
  html,
  text,
  initiallyExpanded,
  moreHref,
  lessHref,
}: {
  html: string;
  text: string;
  initiallyExpanded: boolean;
  moreHref: string;
  lessHref: string;
}) {
  const t = useT();
  const [expanded, setExpanded] = useState(initiallyExpanded);
  useEffect(() => setExpanded(initiallyExpanded), [initiallyExpanded, html]);
  const long = text.length > DESCRIPTION_PREVIEW;

  return (
    <section aria-labelledby="description-heading" className="text-sm leading-6 text-stone-700">
      <h2 id="description-heading" className="sr-only">
        {t("product.description.heading")}
      </h2>
      {expanded || !long ? (
        <div id="product-description" className="prose prose-sm prose-stone max-w-none" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p id="product-description">{truncateText(text, DESCRIPTION_PREVIEW)}</p>
      )}
      {long ? (
        <Link
          to={expanded ? lessHref : moreHref}
          replace
          preventScrollReset
          aria-expanded={expanded}
          aria-controls="product-description"
          onClick={(event) => {
            event.preventDefault();
            setExpanded((v) => !v);
          }}
          className="mt-1 inline-block font-semibold text-brand-700 hover:underline"
        >
          {expanded ? t("product.description.less") : t("product.description.more")}
        </Link>
      ) : null}
    </section>
  );
}
