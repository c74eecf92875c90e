import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { langOf } from "~/i18n/i18n.server";
import { localePath } from "~/i18n/languages";

// The header's search box is a plain GET form to /search?keyword=…: a term
// goes to /search/{term}, an empty one home, in the form's language. (Named
// _index so it does not become the parent layout of /search/{keyword}.)
export function loader({ request }: LoaderFunctionArgs) {
  const term = (new URL(request.url).searchParams.get("keyword") ?? "").trim();
  return redirect(localePath(langOf(request), term ? `/search/${encodeURIComponent(term)}` : "/"));
}
