import type { LoaderFunctionArgs } from "@remix-run/node";

import { robotsTxt } from "~/web/sitemap.server";
import { publicOrigin } from "~/models/platform/shop-url.server";

/** GET /robots.txt: points to the sitemap and keeps private and checkout pages out. */
export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(publicOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
