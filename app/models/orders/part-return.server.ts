import { restockLines } from "~/models/catalogue/index.server";
import { catalogueChanged, prisma } from "~/models/platform/index.server";
import { requireSignedIn, ServiceError } from "~/models/platform/index.server";
import type { PartReturnInput } from "~/schemas/payout";

import type { Viewer } from "./order-access.server";
import { orderInclude, toOrderDTO, type OrderDTO } from "./order-dto.server";
import { takeStep } from "./order-ops.server";

// Partly delivered (issue 36 item 4, decision 095): the buyer kept some items and the rider brought
// the rest back. The admin says which came back and how many; only those go back into stock, once.

/**
 * Records the items that came back from a partly delivered parcel (admin), in one transaction:
 * the conditional UPDATE on partReturnedAt lets one of several concurrent calls through, and that
 * one restocks exactly the quantities it names. The order is then delivered (the buyer kept the
 * rest), and paid when the courier collected cash for it. Asking again is a 409.
 */
export async function recordPartReturn(id: string, input: PartReturnInput, viewer: Viewer): Promise<OrderDTO> {
  const actor = requireSignedIn(viewer, "receive-back:order:any");
  const at = new Date();
  let restocked: number[] = [];
  const row = await prisma.$transaction(
    async (tx) => {
      const order = await tx.order.findUnique({
        where: { id },
        select: { courierStatus: true, partReturnedAt: true, cancelledAt: true, isPaid: true, codCollectedPaisa: true, items: true },
      });
      if (!order) throw new ServiceError(404, "Order not found");
      if (order.partReturnedAt) throw new ServiceError(409, "The items that came back are already recorded for this order");
      if (order.courierStatus !== "partly_delivered" || order.cancelledAt) throw new ServiceError(409, "Only a partly delivered order has items to take back");
      const byId = new Map(order.items.map((item) => [item.id, item]));
      const errors: string[] = [];
      const back = new Map<number, number>();
      for (const { item, qty } of input.returned) {
        const line = byId.get(item);
        if (!line) errors.push(`Item ${item} is not in this order`);
        else if (qty > line.qty) errors.push(`At most ${line.qty} of ${line.name} (${line.selectedSize}) can come back`);
        else if (qty > 0) back.set(item, (back.get(item) ?? 0) + qty);
      }
      if ([...back].some(([item, qty]) => qty > byId.get(item)!.qty)) errors.push("An item is listed more often than it was ordered");
      if (errors.length) throw new ServiceError(400, errors[0]!, { returned: errors });
      const { count } = await tx.order.updateMany({ where: { id, partReturnedAt: null, courierStatus: "partly_delivered" }, data: { partReturnedAt: at } });
      if (count === 0) throw new ServiceError(409, "The items that came back are already recorded for this order");
      const lines = [...back].map(([item, qty]) => ({ ...byId.get(item)!, back: qty }));
      for (const line of lines) await tx.orderItem.update({ where: { id: line.id }, data: { returnedQty: line.back } });
      // Catalogue owns stock (decision 091): it restocks each variant, in the lock order checkout uses.
      restocked = await restockLines(
        tx,
        lines.flatMap((l) => (l.productId === null ? [] : [{ productId: l.productId, size: l.selectedSize, colorId: l.colorId, qty: l.back }])),
      );
      const what = lines.length ? lines.map((l) => `${l.back} × ${l.name} (${l.selectedSize})`).join(", ") : "nothing came back";
      await tx.orderEvent.create({ data: { orderId: id, type: "returned", reason: `Partly delivered: ${what}`, actorId: actor.id, at } });
      await takeStep(tx, id, "delivered", actor.id, at);
      if (!order.isPaid && (order.codCollectedPaisa ?? 0) > 0) await takeStep(tx, id, "paid", actor.id, at);
      return tx.order.findUniqueOrThrow({ where: { id }, include: orderInclude });
    },
    { maxWait: 15_000, timeout: 20_000 },
  );
  catalogueChanged(restocked.map((productId) => `product:${productId}` as const));
  return toOrderDTO(row);
}
