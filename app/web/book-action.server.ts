import { json } from "@remix-run/node";

import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { ServiceError } from "~/models/platform/errors.server";
import { bookOrder, bookOrders } from "~/models/shipping/index.server";
import { bookOrderSchema, bookOrdersSchema } from "~/schemas/booking";

import type { OrderActionData } from "./order-action.server";

// The admin pages' "Book" forms (issue 36): one order from its page, many from the list. A
// refusal comes back as the page's error (and stays on the order as bookingError).

type Actor = { id: number; isAdmin: boolean };

export async function bookOneAction(request: Request, id: string, form: FormData, actor: Actor, back: string) {
  const parsed = bookOrderSchema.safeParse({ courier: form.get("courier") ?? "" });
  if (!parsed.success) return json<OrderActionData>({ error: parsed.error.issues[0]?.message }, { status: 400 });
  try {
    const order = await bookOrder(id, parsed.data.courier, actor);
    const said = `Booked with ${order.courier}, tracking ${order.trackingNumber}; the buyer is told by e-mail and SMS`;
    return redirectWithToast(back, said, { session: await getSession(request) });
  } catch (error) {
    if (error instanceof ServiceError) return json<OrderActionData>({ error: error.message }, { status: error.status });
    throw error;
  }
}

export type BulkBookData = {
  bookError?: string;
  booked?: { id: string; orderNumber: string; trackingNumber: string | null }[];
  failed?: { id: string; message: string }[];
};

export async function bookManyAction(form: FormData, actor: Actor) {
  const parsed = bookOrdersSchema.safeParse({ courier: form.get("courier") ?? "", orderIds: form.getAll("orderIds") });
  if (!parsed.success) return json<BulkBookData>({ bookError: parsed.error.issues[0]?.message }, { status: 400 });
  try {
    const result = await bookOrders(parsed.data.courier, parsed.data.orderIds, actor);
    const booked = result.booked.map((o) => ({ id: o.id, orderNumber: o.orderNumber, trackingNumber: o.trackingNumber }));
    return json<BulkBookData>({ booked, failed: result.failed });
  } catch (error) {
    if (error instanceof ServiceError) return json<BulkBookData>({ bookError: error.message }, { status: error.status });
    throw error;
  }
}
