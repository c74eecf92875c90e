import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { AreaPicker } from "~/components/admin/AreaPicker";
import { COURIER_LABEL } from "~/components/admin/courier-label";
import { FormAlert } from "~/components/admin/FormErrors";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { getOrderForViewer } from "~/models/orders/order.server";
import { ServiceError } from "~/models/platform/errors.server";
import { areaPickerState, bookOrder, checkedArea, CourierDown, enabledCouriers } from "~/models/shipping/index.server";
import { areaQuerySchema, bookAreaSchema } from "~/schemas/booking-area";
import { loadAdminData } from "~/web/admin.server";
import { requireAdmin } from "~/web/guards.server";

// Booking with Pathao or RedX after choosing the delivery area from the courier's own lists
// (issue 36 item 2, decision 096): /admin/order/{id}/book?courier=pathao&city=…&zone=…&area=….
// Each list is a plain <select> in a GET form, so with JavaScript off the admin submits to see
// the next list; with it on, choosing submits by itself. The chosen area is remembered.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const order = await loadAdminData(() => getOrderForViewer(params.id ?? "", admin));
  const q = areaQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const on = (await enabledCouriers()).includes(q.courier);
  const summary = {
    id: order.id,
    orderNumber: order.orderNumber,
    address: order.shippingAddress,
    bookable: order.actions.includes("ship") && !order.isShipped,
  };
  if (!on || !summary.bookable) return json({ order: summary, on, picker: null, down: null });
  try {
    return json({ order: summary, on, picker: await areaPickerState(q.courier, order.shippingAddress, q), down: null });
  } catch (error) {
    if (error instanceof CourierDown) return json({ order: summary, on, picker: null, down: error.message });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = params.id ?? "";
  const parsed = bookAreaSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? "Choose the delivery area" }, { status: 400 });
  const { courier, ...choice } = parsed.data;
  try {
    const area = await checkedArea(courier, choice);
    if (!area) return json({ error: `That area is not in ${COURIER_LABEL[courier]}'s list; choose again` }, { status: 400 });
    const order = await bookOrder(id, courier, admin, area);
    const said = `Booked with ${COURIER_LABEL[courier]} to ${area.name}, tracking ${order.trackingNumber}; the buyer is told by e-mail and SMS`;
    return redirectWithToast(`/admin/order/${id}`, said, { session: await getSession(request) });
  } catch (error) {
    if (error instanceof ServiceError || error instanceof CourierDown)
      return json({ error: error.message }, { status: error instanceof ServiceError ? error.status : 502 });
    throw error;
  }
}

export default function BookWithArea() {
  const { order, on, picker, down } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const a = order.address;
  return (
    <div className="max-w-2xl space-y-4">
      <AdminHeader title={`Book order ${order.orderNumber}`} />
      <nav aria-label="Order administration" className="-mt-2 text-sm">
        <Link to={`/admin/order/${order.id}`} className="btn-secondary px-3 py-1.5">
          ← Back to the order
        </Link>
      </nav>
      <p className="card p-4 text-sm">
        <strong>Deliver to:</strong> {a.name}, {a.address}, {a.city} {a.postalCode}
      </p>
      <FormAlert errors={[actionData?.error, down ?? undefined]} />
      {!on ? <p role="alert">This courier is not switched on or not configured; see the admin settings.</p> : null}
      {on && !order.bookable ? <p role="alert">This order cannot be booked now: it is not confirmed, or already shipped.</p> : null}
      {picker ? <AreaPicker picker={picker} busy={busy} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary fallback="Order not found" back={{ to: "/admin/orderlist", label: "Back to orders" }} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Book ${data?.order.orderNumber ?? "order"} — Admin — TanaBana` }];
