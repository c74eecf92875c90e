import type { LoaderFunctionArgs } from "@remix-run/node";

import { sitemapFile } from "~/web/sitemap.server";
import { textStream } from "~/web/stream.server";
import { publicOrigin } from "~/models/platform/shop-url.server";

/** GET /sitemap.xml: every public page, or an index of files once the catalogue outgrows one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const body = await sitemapFile(publicOrigin(request), null);
  return new Response(textStream(body!), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
