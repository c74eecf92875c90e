import { readOrderDTOs, readOrdersToBook, recordBookingError, type OrderToBook } from "~/models/orders/index.server";
import type { OrderDTO } from "~/models/orders/index.server";
import type { Viewer } from "~/models/orders/index.server";
import { markShipped } from "~/models/orders/index.server";
import { requireOrderAction } from "~/models/orders/index.server";
import { requirePermission, ServiceError, withLongerRequestDeadline } from "~/models/platform/index.server";
import type { CourierName } from "~/models/orders/types";

import { rememberArea, rememberedArea, type AreaChoice } from "./areas.server";
import { CourierDown, CourierRefused } from "./errors.server";
import { courierProvider, enabledCouriers } from "./registry.server";
import type { BookOutcome, Booking, Parcel } from "./types";

// Booking confirmed orders with a courier (issue 36 item 2). The courier is called first, outside
// any transaction; only a parcel it accepted marks the order shipped (markShipped: same rules, same
// SMS and e-mail). A refusal or an outage changes nothing but the order's bookingError. The order
// number is the courier's invoice, so booking again after a lost answer finds the same parcel.

/** The bulk answer: the orders booked (or already booked) and why each other one was not. */
export type BulkBooking = { booked: OrderDTO[]; failed: { id: string; message: string }[] };

/** Steadfast's bulk call takes at most this many. */
const CHUNK = 500;

function toParcel(o: OrderToBook, area: Parcel["area"] = null): Parcel {
  return {
    orderId: o.id,
    invoice: o.invoice,
    recipientName: o.shippingName,
    recipientPhone: o.phone,
    recipientAddress: o.address,
    city: o.city,
    postalCode: o.postalCode,
    codPaisa: o.codPaisa,
    itemDescription: o.itemDescription,
    itemCount: o.itemCount,
    note: null,
    area,
  };
}

/** Pathao's and RedX's area: the admin's choice now, else the one last chosen for the order's place (decision 096). */
async function areaFor(courier: CourierName, order: OrderToBook, chosen?: AreaChoice): Promise<Parcel["area"]> {
  if (courier !== "pathao" && courier !== "redx") return null;
  if (chosen) {
    await rememberArea(courier, order, chosen);
    return chosen;
  }
  return rememberedArea(courier, order);
}

async function requireCourierOn(courier: CourierName) {
  if (courier === "manual") throw new ServiceError(400, "Manual shipping has no courier to call: enter the tracking number in the Shipped form");
  if (!(await enabledCouriers()).includes(courier)) throw new ServiceError(400, `${courier} is not switched on or not configured; see the admin settings`);
}

/** Why this order cannot be booked now (null: it can), after the admin and state rules. */
function whyNotBookable(order: OrderToBook | undefined, courier: CourierName, actor: Viewer): string | "booked" | null {
  requireOrderAction(order ?? null, "ship", actor);
  if (order!.consignmentId) return order!.courier === courier ? "booked" : `This order is already booked with ${order!.courier}`;
  if (order!.shippedAt) return "This order is already shipped; correct it in the Shipped form";
  return null;
}

async function ship(order: OrderToBook, courier: Exclude<CourierName, "manual">, booking: Booking, actor: Viewer): Promise<OrderDTO> {
  const at = new Date();
  return markShipped(order.id, { courier, trackingNumber: booking.trackingCode, note: undefined }, actor, {
    consignmentId: booking.consignmentId,
    courierStatus: booking.status,
    courierStatusAt: at,
    codToCollectPaisa: order.codPaisa,
    deliveryChargePaisa: booking.deliveryChargePaisa,
    bookingError: null,
  });
}

function courierWords(error: unknown): string | null {
  return error instanceof CourierRefused || error instanceof CourierDown ? error.message : null;
}

/**
 * Books one confirmed order (admin): 409 when not confirmed, 502 with the courier's words when it says no.
 * `area`: Pathao's or RedX's place the admin chose (remembered for the order's place).
 */
export async function bookOrder(id: string, courier: CourierName, actor: Viewer, area?: AreaChoice): Promise<OrderDTO> {
  requirePermission(actor, "book:order:any");
  const [order] = await readOrdersToBook([id]);
  const why = whyNotBookable(order, courier, actor);
  if (why === "booked") return (await readOrderDTOs([id]))[0];
  if (why) throw new ServiceError(409, why);
  await requireCourierOn(courier);
  let booking: Booking;
  try {
    booking = await courierProvider(courier).book(toParcel(order, await areaFor(courier, order, area)));
  } catch (error) {
    const words = courierWords(error);
    if (!words) throw error;
    await recordBookingError([id], words);
    throw new ServiceError(502, words);
  }
  return ship(order, courier as Exclude<CourierName, "manual">, booking, actor);
}

/** Asks the courier for many parcels: one bulk call per 500 where it has one, else one by one. */
async function bookAll(courier: CourierName, parcels: Parcel[]): Promise<BookOutcome[]> {
  const provider = courierProvider(courier);
  const out: BookOutcome[] = [];
  for (let i = 0; i < parcels.length; i += CHUNK) {
    const chunk = parcels.slice(i, i + CHUNK);
    if (provider.bookMany) {
      try {
        out.push(...(await provider.bookMany(chunk)));
      } catch (error) {
        const message = courierWords(error);
        if (!message) throw error;
        out.push(...chunk.map((p) => ({ invoice: p.invoice, ok: false as const, message })));
      }
      continue;
    }
    let down: string | null = null;
    for (const p of chunk) {
      // Once the courier is down, the rest wait for the admin's retry rather than each timing out.
      if (down) {
        out.push({ invoice: p.invoice, ok: false, message: down });
        continue;
      }
      try {
        out.push({ invoice: p.invoice, ok: true, booking: await provider.book(p) });
      } catch (error) {
        const message = courierWords(error);
        if (!message) throw error;
        if (error instanceof CourierDown) down = message;
        out.push({ invoice: p.invoice, ok: false, message });
      }
    }
  }
  return out;
}

/** Books many orders with one courier (admin); each one is booked or says why not, none half-way. */
/** A bulk booking's own deadline (decision 102): the courier's calls (20 s each) and one transaction per order. */
const BULK_DEADLINE_MS = 120_000;

export async function bookOrders(courier: CourierName, ids: string[], actor: Viewer): Promise<BulkBooking> {
  requirePermission(actor, "book:order:any");
  return withLongerRequestDeadline(BULK_DEADLINE_MS, () => bookOrdersNow(courier, ids, actor));
}

async function bookOrdersNow(courier: CourierName, ids: string[], actor: Viewer): Promise<BulkBooking> {
  await requireCourierOn(courier);
  const unique = [...new Set(ids)];
  const rows = new Map((await readOrdersToBook(unique)).map((o) => [o.id, o]));
  const bookedIds: string[] = [];
  const failed: BulkBooking["failed"] = [];
  const toBook: OrderToBook[] = [];
  for (const id of unique) {
    try {
      const why = whyNotBookable(rows.get(id), courier, actor);
      if (why === "booked") bookedIds.push(id);
      else if (why) failed.push({ id, message: why });
      else toBook.push(rows.get(id)!);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      failed.push({ id, message: error.message });
    }
  }
  const parcels: Parcel[] = [];
  for (const o of toBook) parcels.push(toParcel(o, await areaFor(courier, o)));
  const outcomes = await bookAll(courier, parcels);
  for (const [i, outcome] of outcomes.entries()) {
    const order = toBook[i];
    if (!outcome.ok) {
      await recordBookingError([order.id], outcome.message);
      failed.push({ id: order.id, message: outcome.message });
      continue;
    }
    try {
      await ship(order, courier as Exclude<CourierName, "manual">, outcome.booking, actor);
      bookedIds.push(order.id);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      failed.push({ id: order.id, message: error.message });
    }
  }
  return { booked: await readOrderDTOs(bookedIds), failed };
}
