import { describe, expect, it } from "vitest";

import { expireHold, placeOrder } from "~/models/orders/index.server";
import { prisma } from "~/models/platform/index.server";

import { address, guest, product } from "../../tests/support/order.fixtures";
import { describeQueueHealth, mailHealth, mailHealthProblems } from "./health.server";

// /healthcheck/mail and /admin/mail (issue 40 #7): the queue also expires the COD holds, and a hold
// left over two minutes past its end is said apart from mail. Mail's figures are mail's, the holds'
// are orders'; this door puts them together (issue 39).

describe("the queue's health", () => {
  it("names holds not expired apart from mail, until the hold is expired", async () => {
    const p = await product(100, { M: 4 });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    await prisma.orderConfirmCode.update({ where: { orderId: order.id }, data: { holdUntil: new Date(Date.now() - 3 * 60_000) } });

    // As a web instance sees it (its own worker off), so only the holds can be wrong.
    process.env.MAIL_WORKER = "off";
    try {
      const stuck = await mailHealth();
      expect(stuck).toMatchObject({ ok: false, mailOk: true, overdueHolds: 1 });
      expect(mailHealthProblems(stuck)).toEqual(["Holds are not being expired: unconfirmed orders keep their stock past their hold"]);
      expect(describeQueueHealth(stuck).holds).toMatch(/^1 order\(s\) still holding stock over 2 min past their hold, the oldest 1[89]\d s past \(stuck\)$/);

      expect(await expireHold(order.id)).toBe(true);
      const fine = await mailHealth();
      expect(fine).toMatchObject({ overdueHolds: 0, oldestOverdueHoldSeconds: null });
      expect(describeQueueHealth(fine).holds).toBe("none overdue");
    } finally {
      delete process.env.MAIL_WORKER;
    }
  });
});
