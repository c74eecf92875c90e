import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { requireAdmin } from "~/web/guards.server";
import { getOrderForViewer } from "~/models/orders/order.server";
import slipStyles from "~/styles/slip.css";
import { loadAdminData } from "~/web/admin.server";
import { shortDate } from "~/utils/dates";
import { formatTaka } from "~/utils/money";
import { qrCodeDataUrl } from "~/models/platform/qr.server";

/** The packing slip stands alone: no shop chrome and no admin sidebar, on screen or on paper. */
export const handle = { shopChrome: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: slipStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const order = await loadAdminData(() => getOrderForViewer(params.id ?? "", admin));
  return json({ order, qr: await qrCodeDataUrl(order.orderNumber) });
}

export default function PackingSlip() {
  const { order, qr } = useLoaderData<typeof loader>();
  const a = order.shippingAddress;
  // Whole taka, which a rider can take in notes and coins (decision 085); the rounding has its own line.
  const toCollect = order.cashToCollect;
  const roundingPaisa = Math.round(toCollect * 100) - Math.round(order.totalPrice * 100);
  return (
    <main id="main" className="slip-sheet mx-auto my-6 w-full max-w-2xl space-y-5 rounded-lg border border-stone-300 bg-white p-6 text-stone-900 shadow-sm">
      <div className="slip-screen-only flex flex-wrap gap-2">
        <Link to={`/admin/order/${order.id}`} className="btn-secondary">
          Back to the order
        </Link>
        <p className="self-center text-sm text-stone-600">Print this page (Ctrl+P) to pack the order.</p>
      </div>
      {order.cancelledAt ? (
        <p role="alert" className="rounded-md border-2 border-red-700 px-4 py-2 text-center text-lg font-semibold text-red-800">
          CANCELLED — do not ship
        </p>
      ) : null}
      <header className="flex items-start justify-between gap-4 border-b border-stone-300 pb-4">
        <div>
          <p className="text-xl font-semibold">TanaBana</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight">Order {order.orderNumber}</h1>
          <p className="text-sm text-stone-600">Placed on {shortDate(order.createdAt)}</p>
        </div>
        <img src={qr} alt={`QR code of order ${order.orderNumber}`} width={112} height={112} className="h-28 w-28" />
      </header>
      <section aria-labelledby="deliver-to" className="space-y-0.5">
        <h2 id="deliver-to" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
          Deliver to
        </h2>
        <p className="text-lg font-semibold">{a.name}</p>
        <p>Phone: {a.phone || "N/A"}</p>
        <p>
          {a.address}, {a.city} {a.postalCode}, {a.country} ({a.deliveryLabel})
        </p>
      </section>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items to pack</caption>
        <thead className="border-b border-stone-400">
          <tr>
            <th scope="col" className="py-1">
              Item
            </th>
            <th scope="col" className="py-1">
              Size
            </th>
            <th scope="col" className="py-1 text-right">
              Qty
            </th>
            <th scope="col" className="py-1 text-right">
              Packed
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {order.orderItems.map((i) => (
            <tr key={`${i.product}-${i.selectedSize}-${i.color ?? ""}-${i.name}`}>
              <td className="py-2 pr-2">{i.name}</td>
              {/* A colour goes with its size: the packer picks the variant, not the product. */}
              <td className="whitespace-nowrap py-2">{i.color ? `${i.color} · ${i.selectedSize}` : i.selectedSize}</td>
              <td className="py-2 text-right font-semibold">{i.qty}</td>
              <td className="py-2 text-right" aria-hidden="true">
                ☐
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.couponCode && order.couponDiscount ? (
        <p className="flex justify-between text-sm" data-testid="slip-coupon">
          <span>Coupon {order.couponCode}</span>
          <span>−{formatTaka(order.couponDiscount)}</span>
        </p>
      ) : null}
      {/* The exact total and the rounding only when they differ from the cash: one figure otherwise. */}
      {toCollect > 0 && roundingPaisa !== 0 ? (
        <dl className="space-y-1 border-t-2 border-stone-900 pt-3 text-sm">
          <div className="flex justify-between">
            <dt>Order total</dt>
            <dd>{formatTaka(order.totalPrice)}</dd>
          </div>
          <div className="flex justify-between" data-testid="slip-rounding">
            <dt>Rounded to whole taka</dt>
            <dd>
              {roundingPaisa > 0 ? "+" : "−"}
              {formatTaka(Math.abs(roundingPaisa) / 100)}
            </dd>
          </div>
        </dl>
      ) : null}
      <p className="flex items-baseline justify-between border-t-2 border-stone-900 pt-3 text-lg">
        <span className="font-semibold">Cash to collect</span>
        <strong className="text-2xl" data-testid="slip-cash">
          {formatTaka(toCollect)}
        </strong>
      </p>
      {order.isPaid ? <p className="text-sm text-stone-600">Already paid — collect nothing.</p> : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Packing slip ${data.order.orderNumber} — TanaBana` : "Packing slip — TanaBana" },
];
