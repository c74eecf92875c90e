import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { ParcelLabel } from "~/components/admin/ParcelLabel";
import { PrintBar } from "~/components/admin/PrintBar";
import { labelData } from "~/models/orders/packing.server";
import { barcodeDataUrl } from "~/models/platform/barcode.server";
import { qrCodeDataUrl } from "~/models/platform/qr.server";
import { trackingUrlFor } from "~/models/shipping/index.server";
import { LABEL_FORMATS, packQuery, type LabelFormat } from "~/schemas/packing";
import packingStyles from "~/styles/packing.css";
import { requireAdmin } from "~/web/guards.server";

// Parcel labels (issue 36 item 6, decision 096) for one order (?orderIds=<id>), the ticked orders,
// or every order ready to ship: eight to an A4 sheet or one per 4x6-inch thermal label. The QR code
// and the barcode are drawn on the server as SVG, so the page prints the same with JavaScript off.

export const handle = { shopChrome: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: packingStyles }];

const PER_SHEET = 8;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = packQuery(params);
  if (!query.success) throw json({ message: query.error.issues[0]?.message ?? "Bad selection" }, { status: 400 });
  const rows = await labelData(query.data.orderIds);
  const labels = await Promise.all(
    rows.map(async (r) => ({
      ...r,
      // The QR opens the courier's tracking page where there is one; else it is the code (or the order number).
      qr: await qrCodeDataUrl(trackingUrlFor(r.courier, r.trackingCode) || r.trackingCode || r.orderNumber),
      barcode: r.consignmentId ? barcodeDataUrl(r.consignmentId) : null,
    })),
  );
  return json({ labels, format: query.data.format, selected: query.data.orderIds });
}

function formatHref(format: LabelFormat, selected: string[]) {
  const q = new URLSearchParams(selected.map((id) => ["orderIds", id]));
  q.set("format", format);
  return `/admin/labels?${q.toString()}`;
}

const FORMAT_NAME: Record<LabelFormat, string> = { a4: "A4 sheet (8 per page)", thermal: "4×6 in thermal" };

export default function Labels() {
  const { labels, format, selected } = useLoaderData<typeof loader>();
  const sheets =
    format === "a4" ? Array.from({ length: Math.ceil(labels.length / PER_SHEET) }, (_, i) => labels.slice(i * PER_SHEET, (i + 1) * PER_SHEET)) : [labels];
  return (
    <main id="main" className="pack-sheet mx-auto my-6 w-full max-w-5xl space-y-4 p-4 text-stone-900 sm:p-6">
      <PrintBar>
        <nav aria-label="Label size" className="flex flex-wrap gap-2">
          {LABEL_FORMATS.map((f) => (
            <Link
              key={f}
              to={formatHref(f, selected)}
              aria-current={f === format ? "page" : undefined}
              className={f === format ? "btn-primary" : "btn-secondary"}
            >
              {FORMAT_NAME[f]}
            </Link>
          ))}
        </nav>
      </PrintBar>
      <h1 className="pack-screen-only text-2xl font-semibold tracking-tight">
        {labels.length} {labels.length === 1 ? "label" : "labels"}, {FORMAT_NAME[format]}
      </h1>
      {labels.length === 0 ? <p className="rounded border border-stone-300 bg-white p-4 text-center">No orders to label: none is ready to ship.</p> : null}
      {sheets.map((sheet, i) => (
        <div key={i} className={format === "a4" ? "labels-a4" : "labels-thermal"}>
          {sheet.map((l) => (
            <ParcelLabel key={l.id} label={l} large={format === "thermal"} />
          ))}
        </div>
      ))}
    </main>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary back={{ to: "/admin/orderlist", label: "Back to orders" }} />;
}

export const meta: MetaFunction = () => [{ title: "Parcel labels — Admin — TanaBana" }];
