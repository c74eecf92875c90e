import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { isLang, LANG_COOKIE } from "~/i18n/languages";
import { env } from "~/models/platform/env.server";
import { languageSwitchTarget } from "~/web/safe-redirect";

// The language switch in the header and footer: a plain link, so it works
// without JavaScript. It remembers the choice (the `lang` cookie is set only
// by a shopper's own choice: here, or "Stay in English" in LanguageOffer;
// never a guess) and opens the same page in the chosen language.
export async function loader({ params, request }: LoaderFunctionArgs) {
  const lang = params.lang;
  if (!isLang(lang)) throw new Response("Not found", { status: 404 });
  const target = languageSwitchTarget(lang, new URL(request.url).searchParams.get("next"));
  const secure = env.COOKIE_SECURE ? "; Secure" : "";
  return redirect(target, {
    status: 303,
    headers: {
      "Set-Cookie": `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`,
      "Cache-Control": "private, no-store",
    },
  });
}
