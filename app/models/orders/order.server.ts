import { type Prisma } from "@prisma/client";

import { DEFAULT_LANG, type Lang } from "~/i18n/languages";
import { CASH_ON_DELIVERY } from "~/schemas/order";
import { prisma } from "~/models/platform/index.server";

import { catalogueChanged } from "~/models/platform/index.server";
import { isUniqueViolation, notFound, ServiceError } from "~/models/platform/index.server";
import { getSettingsForCheckout } from "~/models/platform/index.server";
import { markCallNeeded } from "./call-reason.server";
import { needsConfirmation, queueOrderPlaced } from "./cod-hold.server";
import { insertOrder } from "./order-insert.server";
import { checkCoupon } from "./coupon-use.server";
import { canView, maskedForLink, viewsByLinkOnly, type Viewer } from "./order-access.server";
import { orderActions, type OrderAction } from "./order-permissions.server";
import { checkOrderCaps, orderRules, refuseUnlessPassed } from "./order-limits.server";
import { checkHeldPieces, confirmationPlan } from "./anti-drain.server";
import { slotsUpsert } from "~/models/platform/index.server";
import { orderInclude, toOrderDTO, type OrderDTO, type OrderRow } from "./order-dto.server";
import { buyerContact } from "~/models/accounts/index.server";
import { checkBuyer } from "~/models/customers/index.server";
import { markStep } from "./order-ops.server";
import { orderTotals, toPaisa } from "~/models/catalogue/index.server";
import { byStockKey, readLineProducts, refuseShortStock, takeStock, type LineProducts } from "~/models/catalogue/index.server";
import { priceLines } from "./price-lines.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type { OrderDTO, OrderItemDTO, OrderSummaryDTO } from "./order-dto.server";
export { listOrdersPage, type AdminOrderDTO } from "./order-list.server";

export const PRICES_CHANGED = "Prices have changed, please review your order";

export type PlaceOrderInput = {
  /** The signed-in buyer; null or absent for a guest. */
  userId?: number | null;
  /** Required for guests; signed-in buyers default to their account's. */
  name?: string;
  email?: string;
  lines: { productId: number; size: string; color?: string; qty: number }[];
  shippingAddress: {
    address: string;
    city: string;
    postalCode: string;
    phone: string;
    deliveryLabel: "Home" | "Office";
    country?: string;
  };
  paymentMethod?: string;
  /** The total the buyer saw (taka); a different server total is a 409 and nothing is stored. */
  clientTotalPrice?: number;
  /**
   * The checkout page's one-time id (a random UUID it rendered): the order gets
   * this id, so submitting the same page twice places one order, not two.
   */
  orderId?: string;
  /** An Idempotency-Key's body fingerprint: bound to the order id in the order's own INSERT, so only a committed order holds a key. */
  keyFingerprint?: string;
  /** The language the shop was used in: the order's e-mails are written in it. The API places English orders. */
  lang?: Lang;
  /** The client's address, for the per-IP order limit (order-limits.server.ts); absent in service tests. */
  ip?: string | null;
  /** A coupon code the buyer typed (issue 41 item 4): checked and counted in the order's transaction; refused: 400. */
  couponCode?: string | null;
  /** The lines' products as the cart just read them (readLineProducts): not read a second time. */
  products?: LineProducts;
};

/** One line per product and size, in a fixed order so concurrent orders lock rows alike (no deadlocks). */
function mergeLines(lines: PlaceOrderInput["lines"]) {
  const merged = new Map<string, { productId: number; size: string; color?: string; qty: number }>();
  for (const l of lines) {
    if (!Number.isInteger(l.qty) || l.qty < 1) throw new ServiceError(400, "Quantities must be whole numbers of at least 1");
    const key = JSON.stringify([l.productId, l.size, l.color?.trim().toLowerCase() ?? ""]);
    const prev = merged.get(key);
    merged.set(key, { ...l, qty: (prev?.qty ?? 0) + l.qty });
  }
  return [...merged.values()].sort(byStockKey);
}

async function resolveBuyer(input: PlaceOrderInput) {
  const user = input.userId ? await buyerContact(input.userId) : null;
  const name = input.name?.trim() || user?.name;
  const email = input.email?.trim().toLowerCase() || user?.email;
  if (!name || !email) {
    const errors: Record<string, string[]> = {};
    if (!name) errors.name = ["Name is required"];
    if (!email) errors.email = ["Email is required"];
    throw new ServiceError(400, "Guests must give a name and an email address", errors);
  }
  return { userId: user?.id ?? null, name, email, account: user ? { id: user.id, name: user.name } : null };
}

/**
 * Places an order in ONE transaction: prices are re-read (discounts applied),
 * each size's stock is decremented with a guard that cannot go below zero,
 * and the order with copies of its items is written. Any failure rolls all of
 * it back. 409 for a changed total or missing stock, 400 for a guest without
 * name or e-mail.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<OrderDTO> {
  return (await placeOrderOrFind(input)).order;
}

/**
 * placeOrder, saying whether this call placed the order (`placed`) or found the one a repeated
 * checkout id already placed. An idempotent retry needs to know: only a found order must be checked
 * against the key's body, and a read after a commit that this call made could fail on a busy
 * request's deadline and answer 503 for an order that stands (chaos case 10).
 */
export async function placeOrderOrFind(input: PlaceOrderInput): Promise<{ order: OrderDTO; placed: boolean }> {
  if (input.orderId !== undefined && !UUID.test(input.orderId)) throw new ServiceError(400, "Invalid checkout id");
  const lines = mergeLines(input.lines);
  if (lines.length === 0) throw new ServiceError(400, "Order is empty");
  const paymentMethod = input.paymentMethod ?? CASH_ON_DELIVERY;
  if (paymentMethod !== CASH_ON_DELIVERY) {
    throw new ServiceError(400, "Only Cash on Delivery is available", { paymentMethod: ["Only Cash on Delivery is available"] });
  }
  const settings = await getSettingsForCheckout();
  checkOrderCaps(lines, settings);
  // Stock is guarded by takeStock's own WHERE, so products read just before the transaction are safe to price from.
  const priced = priceLines(lines, input.products ?? (await readLineProducts(lines)));
  const buyer = await resolveBuyer(input);
  const a = input.shippingAddress;
  // The phone's record (issue 37): a blocked buyer is refused here, before any SMS is counted; a risky one waits for a call.
  const buyerCheck = await checkBuyer({ phone: a.phone, email: buyer.email }, settings);
  // An account orders like a guest until it or its phone has a delivered order; its SMS spends from the budgets (issue 37).
  const plan = await confirmationPlan(settings, { userId: buyer.userId, phone: a.phone, ip: input.ip }, (d) =>
    needsConfirmation(settings.codConfirm, buyer.userId, d),
  );
  const confirm = plan.confirm;

  try {
    const placed = await prisma.$transaction(
      async (tx) => {
        // The coupon's row stays locked until commit: its last use goes to one order (coupon-use.server.ts).
        const coupon = input.couponCode
          ? await checkCoupon(tx, input.couponCode, { itemsPaisa: orderTotals(priced).itemsPaisa, buyer: { phone: a.phone, email: buyer.email }, lock: true })
          : null;
        const totals = orderTotals(priced, coupon);
        // toPaisa gives null for sub-paisa input, which never matches: also a 409.
        if (input.clientTotalPrice !== undefined && toPaisa(input.clientTotalPrice) !== totals.totalPaisa) {
          throw new ServiceError(409, PRICES_CHANGED);
        }
        const call = buyerCheck.callFor(totals.totalPaisa);
        // The order row first: a repeated checkout id waits here for the first
        // attempt to commit and then fails as a duplicate, before touching stock.
        // The buyer's order limits are counted in the same statement (order-limits.server.ts).
        const limitRules = orderRules({ ip: input.ip, email: buyer.email, phone: a.phone, userId: buyer.userId }, settings);
        const now = new Date();
        const { limitKeys, ...order } = await insertOrder(
          tx,
          {
            id: input.orderId,
            userId: buyer.userId,
            shippingName: buyer.name,
            shippingEmail: buyer.email,
            ...a,
            paymentMethod,
            lang: input.lang ?? DEFAULT_LANG,
            itemsPaisa: totals.itemsPaisa,
            shippingPaisa: totals.shippingPaisa,
            taxPaisa: totals.taxPaisa,
            totalPaisa: totals.totalPaisa,
            coupon: coupon ? { id: coupon.id, code: coupon.code, paisa: totals.couponPaisa } : null,
            confirmed: !confirm && !call,
            keyFingerprint: input.keyFingerprint,
            clientIp: input.ip ?? null,
          },
          priced.map((l) => ({
            productId: l.productId,
            name: l.product.name,
            nameBn: l.product.nameBn,
            image: l.product.image,
            pricePaisa: l.unitPaisa,
            qty: l.qty,
            selectedSize: l.size,
            colorId: l.colorId,
            color: l.color,
            colorBn: l.colorBn,
          })),
          slotsUpsert(limitRules, now),
        );
        // Past a limit: 429, and the rollback takes back the order and the counts alike.
        await refuseUnlessPassed(tx, limitRules, limitKeys, now);
        // Orders of this buyer queued on its limit rows: the ones behind the last pieces' winners stop here.
        await refuseShortStock(tx, priced);
        // The pieces all of this buyer's unshipped orders hold, counted under the limit rows' locks: 400 past a cap.
        await checkHeldPieces(tx, { phone: a.phone, userId: buyer.userId, ip: input.ip }, settings);
        // The order e-mail is queued with the order: committed together or not at all. Cash on delivery
        // to be confirmed also gets the code's SMS and the hold that gives the stock back if it never is.
        // One who waits for a call: past an SMS budget (a day's hold, no code; decision 093), or for the
        // phone's record (the usual hold, no code sent; decision 092).
        const waitsForCall = plan.waitsForCall ?? null;
        await queueOrderPlaced(
          tx,
          { id: order.id, email: buyer.email, phone: a.phone },
          { confirm: confirm || Boolean(call), waitsForCall, silent: Boolean(call) && !waitsForCall },
        );
        // No code goes out for an order that waits for the shop's call: the order page says we will call.
        if (call) await markCallNeeded(tx, order.id, call);
        // Stock last, and nothing after it: the size rows (and the buyer's limit rows) stay locked
        // until commit, and every other buyer of those sizes queues on them.
        // In the one lock order (byStockKey), now that each line's colour is known.
        for (const l of [...priced].sort(byStockKey)) await takeStock(tx, l);
        // What was written is the answer: no read-back after commit (orderInclude's shape, items by id).
        return { ...order, user: buyer.account } satisfies OrderRow;
      },
      // Many buyers of one size queue on its row lock; give them time rather than a 500.
      { maxWait: 15_000, timeout: 20_000 },
    );
    // Stock went down: a size may now be sold out on cached pages.
    catalogueChanged([...new Set(lines.map((l) => l.productId))].map((id) => `product:${id}` as const));
    return { order: toOrderDTO(placed), placed: true };
  } catch (error) {
    await plan.release();
    const duplicate = isUniqueViolation(error);
    if (!duplicate || !input.orderId) throw error;
    // A second submit of the same checkout (double click, resent form): the first order stands.
    const existing = await findOrder(input.orderId);
    if (existing.userId !== buyer.userId || existing.shippingEmail !== buyer.email) {
      throw new ServiceError(409, "This checkout has already been used; please review your order");
    }
    return { order: toOrderDTO(existing), placed: false };
  }
}

async function findOrder(id: string): Promise<OrderRow> {
  // Malformed ids are simply not found (never a database error).
  const row = UUID.test(id) ? await prisma.order.findUnique({ where: { id }, include: orderInclude }) : null;
  if (!row) throw notFound("Order");
  return row;
}

/**
 * An order for its owner, an admin, or anyone holding the link of a guest
 * order (the id is an unguessable UUID), who sees the buyer's contact masked.
 * Everyone else, including anyone at all for the orders of a deleted
 * account: 404, as if it did not exist.
 */
/** An order as `viewer` may see it; `linked` (its SMS link) and `placedHere` (minutes ago): decision 084. */
export async function getOrderForViewer(id: string, viewer: Viewer, access: { linked?: boolean; placedHere?: boolean } = {}): Promise<ViewedOrder> {
  const row = await findOrder(id);
  if (!canView(row, viewer, access.linked)) throw notFound("Order");
  // The link alone shows the order, not the buyer's contact details (order-access.server.ts).
  const order = viewsByLinkOnly(row, viewer) && !access.placedHere ? maskedForLink(toOrderDTO(row)) : toOrderDTO(row);
  // What this viewer may do to it now, decided once (order-permissions.server.ts): pages show these buttons.
  return { ...order, actions: orderActions(row, viewer) };
}

/** An order as one viewer sees it, with the steps they may take. */
export type ViewedOrder = OrderDTO & { actions: OrderAction[] };

const newestFirst: Prisma.OrderOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "asc" }];

/** A user's orders, newest first. */
export async function listUserOrders(userId: number): Promise<OrderDTO[]> {
  const rows = await prisma.order.findMany({
    where: { userId },
    include: orderInclude,
    orderBy: newestFirst,
  });
  return rows.map(toOrderDTO);
}

/** Every order, newest first (admin; the API's `GET /api/orders`). */
export async function listAllOrders(): Promise<OrderDTO[]> {
  const rows = await prisma.order.findMany({ include: orderInclude, orderBy: newestFirst });
  return rows.map(toOrderDTO);
}

/** Marks an order paid (admin); repeating keeps the first paidAt; a cancelled order is a 409 (see markStep). */
export function markPaid(id: string, actor: Viewer): Promise<OrderDTO> {
  return markStep(id, "paid", actor);
}

/** Marks an order delivered (admin); repeating keeps the first deliveredAt; a cancelled order is a 409. */
export function markDelivered(id: string, actor: Viewer): Promise<OrderDTO> {
  return markStep(id, "delivered", actor);
}
