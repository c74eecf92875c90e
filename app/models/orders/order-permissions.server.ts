import { PERMISSIONS, requirePermission, ServiceError, type Permission } from "~/models/platform/index.server";
import type { Viewer } from "./order-access.server";

// Who may do what to an order, decided once (issue 30 item 1). The services
// call `requireOrderAction` before they change anything; pages and the API
// read `orderActions` (carried on the order they are handed) to show only the
// buttons that will work. The state half of each rule is repeated in the
// service's conditional UPDATE, whose WHERE is what makes it safe under
// concurrency; this module is what makes it readable.

/** What can be done to an order; the buyer's "confirm by code" lives with its code (cod-confirm.server.ts). */
export const ORDER_ACTIONS = ["pay", "ship", "deliver", "confirm-call", "cancel", "receive-back"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The parts of an order the rules read: a row or a DTO-like object. */
export type OrderState = {
  userId: number | null;
  placedAsGuest: boolean;
  isPaid: boolean;
  isDelivered: boolean;
  cancelledAt: Date | string | null;
  confirmedAt: Date | string | null;
  shippedAt: Date | string | null;
  /** Refused or returned by the courier, or a shipped order cancelled: on its way back (decision 089). */
  returningAt?: Date | string | null;
  /** Received back at the shop: its items went back into stock. */
  returnedAt?: Date | string | null;
};

/** Who may: the permission map's `<action>:order:any` row (decision 097); the buyer's own cancel is `cancel:order:own`. */
const anyOrder = (action: OrderAction): Permission => `${action}:order:any`;
/** The steps with no `…:order:own` row: only the shop takes them. */
const ADMIN_ONLY: ReadonlySet<OrderAction> = new Set(ORDER_ACTIONS.filter((action) => !(`${action}:order:own` in PERMISSIONS)));

/** The buyer: the account that placed it, or (for a guest order) whoever holds its link and the checkout contact. */
function isBuyer(order: OrderState, viewer: Viewer) {
  return order.placedAsGuest || (order.userId !== null && order.userId === viewer?.id);
}

/** Whether the order's state allows the action at all, for whoever asks. */
function stateAllows(order: OrderState, action: OrderAction, byAdmin: boolean): boolean {
  // The parcel coming back is received whether or not the order was cancelled on its way.
  if (action === "receive-back") return Boolean(order.returningAt) && !order.returnedAt && !order.isDelivered;
  if (order.cancelledAt) return false;
  // On its way back: it can no longer be handed over or shipped again (decision 089).
  if (order.returningAt && (action === "ship" || action === "deliver")) return false;
  switch (action) {
    // Cash on delivery: the money often comes back with the rider after the parcel was handed over.
    case "pay":
      return !order.isPaid;
    case "deliver":
      return !order.isDelivered;
    // A parcel goes out only for an order someone confirmed: the hold on an unconfirmed one would cancel
    // it on the road. Shipping again corrects the courier or the tracking number.
    case "ship":
      return !order.isDelivered && order.confirmedAt !== null;
    case "confirm-call":
      return order.confirmedAt === null;
    // The shop can stop any undelivered order; the buyer only while it is neither paid nor with a courier.
    case "cancel":
      return !order.isDelivered && (byAdmin || (!order.isPaid && !order.shippedAt));
  }
}

/** Steps that, asked for again, keep the first time and answer with the order rather than a 409. */
function alreadyDone(order: OrderState, action: OrderAction): boolean {
  if (action === "receive-back") return Boolean(order.returnedAt);
  if (order.cancelledAt) return false;
  return (action === "pay" && order.isPaid) || (action === "deliver" && order.isDelivered) || (action === "confirm-call" && order.confirmedAt !== null);
}

/** The actions this viewer can take on this order now, for the page's buttons and the API's `actions`. */
export function orderActions(order: OrderState, viewer: Viewer): OrderAction[] {
  const byAdmin = Boolean(viewer?.isAdmin);
  return ORDER_ACTIONS.filter((action) => (byAdmin || (!ADMIN_ONLY.has(action) && isBuyer(order, viewer))) && stateAllows(order, action, byAdmin));
}

/**
 * Throws unless `actor` may take `action` on `order`: 401 without a sign-in
 * for the shop's own steps, 403 for a shopper, 404 for an order that is not
 * theirs (it looks like one that does not exist), 409 with the reason when
 * the order's state no longer allows it. Returns "done" for a step already
 * taken (paid, delivered, confirmed), which the service answers with the order
 * as it is: repeating keeps the first time.
 */
export function requireOrderAction(order: OrderState | null, action: OrderAction, actor: Viewer): "go" | "done" {
  const byAdmin = Boolean(actor?.isAdmin);
  if (ADMIN_ONLY.has(action)) requirePermission(actor, anyOrder(action));
  if (!order || (!byAdmin && !isBuyer(order, actor))) throw new ServiceError(404, "Order not found");
  if (alreadyDone(order, action)) return "done";
  if (!stateAllows(order, action, byAdmin)) throw new ServiceError(409, whyNot(order, action));
  return "go";
}

/** The 409's words: what about the order stops the action. */
export function whyNot(order: OrderState, action: OrderAction): string {
  const doing = {
    pay: "marked paid",
    ship: "shipped",
    deliver: "marked delivered",
    "confirm-call": "confirmed",
    cancel: "cancelled",
    "receive-back": "received back",
  }[action];
  if (action === "receive-back")
    return order.isDelivered ? "A delivered order cannot be received back" : "Only a parcel on its way back to the shop can be received back";
  if (order.returningAt && !order.cancelledAt && (action === "ship" || action === "deliver")) {
    return "This parcel is on its way back to the shop; mark it received back when it arrives";
  }
  if (order.cancelledAt) return action === "cancel" ? "This order is already cancelled" : `This order has been cancelled; it cannot be ${doing}`;
  if (order.isDelivered) return action === "cancel" ? "A delivered order cannot be cancelled" : `This order has been delivered; it cannot be ${doing}`;
  if (action === "ship") return "Confirm this order first (by its SMS code or a call) before handing it to a courier";
  if (order.shippedAt) return "A shipped order can only be cancelled by the shop; please contact us";
  return "A paid order can only be cancelled by the shop; please contact us";
}
