import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { PrintBar } from "~/components/admin/PrintBar";
import { picklist } from "~/models/orders/packing.server";
import { packQuery } from "~/schemas/packing";
import packingStyles from "~/styles/packing.css";
import { shortDate } from "~/utils/dates";
import { requireAdmin } from "~/web/guards.server";

// The day's picklist (issue 36 item 6): what to take off the shelves for the ticked orders, or for
// every order ready to ship, one line per product, colour and size in shelf order. A plain page that prints
// on A4 (packing.css), with JavaScript off too.

export const handle = { shopChrome: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: packingStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = packQuery(new URL(request.url).searchParams);
  if (!query.success) throw json({ message: query.error.issues[0]?.message ?? "Bad selection" }, { status: 400 });
  const list = await picklist(query.data.orderIds);
  return json({ ...list, selected: query.data.orderIds, today: new Date().toISOString() });
}

export default function Picklist() {
  const { lines, orderCount, itemCount, selected, today } = useLoaderData<typeof loader>();
  const labels = `/admin/labels${selected.length ? `?${selected.map((id) => `orderIds=${encodeURIComponent(id)}`).join("&")}` : ""}`;
  return (
    <main id="main" className="pack-sheet mx-auto my-6 w-full max-w-3xl space-y-4 bg-white p-4 text-stone-900 sm:p-6">
      <PrintBar>
        <Link to={labels} className="btn-secondary">
          Labels for these orders
        </Link>
      </PrintBar>
      <header className="border-b border-stone-300 pb-3">
        <h1 className="text-2xl font-semibold tracking-tight">Picklist</h1>
        <p className="text-sm text-stone-700" data-testid="picklist-summary">
          {shortDate(today)} · {selected.length ? "Selected orders" : "Every order ready to ship"}: {orderCount} {orderCount === 1 ? "order" : "orders"},{" "}
          {itemCount} {itemCount === 1 ? "item" : "items"}
        </p>
      </header>
      {lines.length === 0 ? (
        <p className="rounded border border-stone-300 p-4 text-center">Nothing to pick: no confirmed order is waiting to ship.</p>
      ) : (
        <table className="pack-table w-full text-left text-sm">
          <caption className="sr-only">Items to pick, in shelf order</caption>
          <thead className="border-b-2 border-stone-800">
            <tr>
              <th scope="col" className="w-8 py-1">
                <span className="sr-only">Picked</span>
              </th>
              <th scope="col" className="py-1">
                Product
              </th>
              <th scope="col" className="py-1">
                Size
              </th>
              <th scope="col" className="py-1 text-right">
                Qty
              </th>
              <th scope="col" className="hidden py-1 pl-3 sm:table-cell print:table-cell">
                Orders
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-300">
            {lines.map((l) => (
              <tr key={`${l.productId ?? l.name}-${l.color ?? ""}-${l.size}`} data-testid="pick-line">
                <td className="py-2 text-lg" aria-hidden="true">
                  ☐
                </td>
                <td className="py-2 pr-2">
                  <span className="font-semibold">{l.name}</span>
                  {l.category ? <span className="block text-xs text-stone-600">{l.category}</span> : null}
                  <span className="block text-xs text-stone-600 sm:hidden print:hidden">{l.orders.join(", ")}</span>
                </td>
                {/* The colour with its size, as on the slip: the picker takes a variant off the shelf. */}
                <td className="whitespace-nowrap py-2 font-semibold">{l.color ? `${l.color} · ${l.size}` : l.size}</td>
                <td className="py-2 text-right text-lg font-semibold tabular-nums">{l.qty}</td>
                <td className="hidden py-2 pl-3 text-xs text-stone-700 sm:table-cell print:table-cell">{l.orders.join(", ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary back={{ to: "/admin/orderlist", label: "Back to orders" }} />;
}

export const meta: MetaFunction = () => [{ title: "Picklist — Admin — TanaBana" }];
