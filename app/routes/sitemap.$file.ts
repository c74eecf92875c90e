import type { LoaderFunctionArgs } from "@remix-run/node";

import { sitemapFile } from "~/web/sitemap.server";
import { textStream } from "~/web/stream.server";
import { publicOrigin } from "~/models/platform/shop-url.server";

/** GET /sitemap/{pages.xml | products-n.xml}: the files a sitemap index lists. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const body = await sitemapFile(publicOrigin(request), params.file ?? "");
  if (!body) throw new Response("Not found", { status: 404 });
  return new Response(textStream(body), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
