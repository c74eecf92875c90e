import type { LoaderFunctionArgs } from "@remix-run/node";

import { langOf } from "~/i18n/i18n.server";
import { notFoundPageWithSuggestions } from "~/web/page.server";

// Any address no other route knows: the shop's 404 page (root.tsx's
// ErrorBoundary, inside the header and footer), with status 404. The API has
// its own JSON 404 (api.$.ts).

export async function loader({ request }: LoaderFunctionArgs) {
  return notFoundPageWithSuggestions(langOf(request));
}

// Never rendered: the loader always throws the 404.
export default function NotFoundRoute() {
  return null;
}
