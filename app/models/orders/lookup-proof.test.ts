import { describe, expect, it } from "vitest";

import { sessionStorage } from "~/models/accounts/index.server";

import { guest, address, product } from "../../../tests/support/order.fixtures";
import { cancelOrder } from "./order-ops.server";
import { placeOrder } from "./order.server";
import { hasLookupProof, PROOF_MINUTES, rememberLookupProof } from "./lookup-proof.server";

// Issue 28 item 11: a lookup through /orders/find is proof enough to cancel, in
// that browser, for that order, for a while (decision 061).

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("the lookup's proof in the session", () => {
  it("holds for the order looked up, in that session, for PROOF_MINUTES", async () => {
    const session = await sessionStorage.getSession();
    const now = Date.now();
    rememberLookupProof(session, ID(1), now);
    expect(hasLookupProof(session, ID(1), now)).toBe(true);
    expect(hasLookupProof(session, ID(2), now)).toBe(false);
    expect(hasLookupProof(await sessionStorage.getSession(), ID(1), now)).toBe(false);
    expect(hasLookupProof(session, ID(1), now + PROOF_MINUTES * 60_000 - 1)).toBe(true);
    expect(hasLookupProof(session, ID(1), now + PROOF_MINUTES * 60_000)).toBe(false);
  });

  it("survives the cookie and keeps the last five orders only", async () => {
    const session = await sessionStorage.getSession();
    const now = Date.now();
    for (let i = 1; i <= 7; i++) rememberLookupProof(session, ID(i), now + i);
    const again = await sessionStorage.getSession(await sessionStorage.commitSession(session));
    expect([1, 2, 3, 4, 5, 6, 7].map((i) => hasLookupProof(again, ID(i), now + 10))).toEqual([false, false, true, true, true, true, true]);
  });

  it("a looked-up guest order is cancelled without the phone or e-mail", async () => {
    const p = await product(10, { M: 5 });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    await expect(cancelOrder(order.id, undefined, null, { lookedUp: true, ip: "lookup-proof" })).resolves.toMatchObject({ cancelReason: "customer-asked" });
  });
});
