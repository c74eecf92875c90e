import pg from "pg";
import { describe, expect, it, vi } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { addToCart, CART_FULL_MESSAGE, clearCart, getCartLines, loadCart, MAX_CART_LINES, removeLine, syncCartQuantities, updateQty } from "./cart.server";
import { ServiceError } from "~/models/platform/index.server";
import { commitSession, sessionStorage } from "~/models/accounts/index.server";

let seq = 0;
async function product(priceTaka: number, sizes: Record<string, number>) {
  seq += 1;
  return prisma.product.create({
    data: {
      name: `Cart Kurti ${seq}`,
      pricePaisa: Math.round(priceTaka * 100),
      image: `/images/cart-${seq}`,
      brand: "Kay Kraft",
      description: "<p>Soft</p>",
      sizes: { create: Object.entries(sizes).map(([size, quantity], position) => ({ size, quantity, position })) },
    },
  });
}

const newSession = () => sessionStorage.getSession();

async function cookieBytes(session: Awaited<ReturnType<typeof newSession>>) {
  return Buffer.byteLength((await commitSession(session)).split(";")[0]!);
}

describe("cart", () => {
  it("merges the same product and size and caps at stock", async () => {
    const p = await product(19.99, { M: 4, L: 1 });
    const s = await newSession();
    expect(await addToCart(s, { productId: p.id, size: "M", qty: 2 })).toBeNull();
    // Above the stock: capped, and the shopper is told so (issue 22 item 22).
    expect(await addToCart(s, { productId: p.id, size: "M", qty: 3 })).toEqual({
      productId: p.id,
      size: "M",
      message: "Only 4 left in size M; we added 2, so your cart has 4",
      stock: 4,
      added: 2,
      inCart: 4,
    });
    expect((await addToCart(s, { productId: p.id, size: "M", qty: 1 }))?.message).toBe("Only 4 left in size M; your cart already has 4");
    expect(await addToCart(s, { productId: p.id, size: "L", qty: 1 })).toBeNull();
    const fresh = await newSession();
    expect((await addToCart(fresh, { productId: p.id, size: "M", qty: 99 }))?.message).toBe("Only 4 left in size M; we added 4");
    expect(getCartLines(s)).toEqual([
      { productId: p.id, size: "M", qty: 4 },
      { productId: p.id, size: "L", qty: 1 },
    ]);
    await expect(addToCart(s, { productId: p.id, size: "XXL", qty: 1 })).rejects.toThrow("Please select a size");
  });

  it("prices lines from the database now, with discounts and a subtotal", async () => {
    const p = await product(19.99, { M: 5 });
    const s = await newSession();
    await addToCart(s, { productId: p.id, size: "M", qty: 3 });
    let view = await loadCart(s);
    expect(view).toMatchObject({ itemCount: 3, subtotal: 59.97, hasUnavailable: false });
    expect(view.items[0]).toMatchObject({ name: p.name, image: p.image, price: 19.99, originalPrice: 19.99, stock: 5, available: true, note: null });

    await prisma.discount.create({ data: { productId: p.id, percentage: 10 } });
    view = await loadCart(s);
    expect(view.items[0]).toMatchObject({ price: 17.99, originalPrice: 19.99, discountPercentage: 10 });
    expect(view.subtotal).toBe(53.97);
  });

  it("marks deleted products and sold-out or removed sizes unavailable and caps quantities", async () => {
    const gone = await product(10, { M: 5 });
    const soldOut = await product(10, { S: 5, M: 5 });
    const shrinking = await product(10, { L: 5 });
    const s = await newSession();
    await addToCart(s, { productId: gone.id, size: "M", qty: 1 });
    await addToCart(s, { productId: soldOut.id, size: "S", qty: 2 });
    await addToCart(s, { productId: soldOut.id, size: "M", qty: 1 });
    await addToCart(s, { productId: shrinking.id, size: "L", qty: 4 });

    await prisma.product.delete({ where: { id: gone.id } });
    await prisma.productSize.update({ where: { productId_size: { productId: soldOut.id, size: "S" } }, data: { quantity: 0 } });
    await prisma.productSize.delete({ where: { productId_size: { productId: soldOut.id, size: "M" } } });
    await prisma.productSize.update({ where: { productId_size: { productId: shrinking.id, size: "L" } }, data: { quantity: 2 } });

    const view = await loadCart(s);
    const [a, b, c, d] = view.items;
    expect(a).toMatchObject({ available: false, note: expect.stringContaining("removed from the shop") });
    expect(b).toMatchObject({ available: false, note: "Size S is out of stock." });
    expect(c).toMatchObject({ available: false, note: "Size M is no longer offered." });
    expect(d).toMatchObject({ available: true, qty: 2, note: "Only 2 left in size L; we set the quantity to 2." });
    expect(view).toMatchObject({ itemCount: 2, subtotal: 20, hasUnavailable: true });

    expect(syncCartQuantities(s, view)).toBe(true);
    expect(getCartLines(s).find((l) => l.productId === shrinking.id)?.qty).toBe(2);
    expect(getCartLines(s)).toHaveLength(4); // unavailable lines stay until the shopper removes them
  });

  it("reads the whole cart with a fixed number of SQL queries", async () => {
    const products = await Promise.all(Array.from({ length: 12 }, () => product(10, { M: 3 })));
    const s = await newSession();
    for (const p of products) await addToCart(s, { productId: p.id, size: "M", qty: 1 });
    // Every statement the adapter sends goes through pg's Client#query.
    const spy = vi.spyOn(pg.Client.prototype, "query");
    const queriesFor = async (n: number) => {
      const part = await newSession();
      part.set("cart", getCartLines(s).slice(0, n));
      spy.mockClear();
      await loadCart(part);
      return spy.mock.calls.length;
    };
    const one = await queriesFor(1);
    expect(one).toBeGreaterThan(0);
    expect(await queriesFor(12)).toBe(one);
    spy.mockRestore();
  });

  it("updates, removes and clears lines", async () => {
    const p = await product(10, { M: 9, L: 9 });
    const s = await newSession();
    await addToCart(s, { productId: p.id, size: "M", qty: 1 });
    await addToCart(s, { productId: p.id, size: "L", qty: 1 });
    updateQty(s, { productId: p.id, size: "M", qty: 7 });
    expect(getCartLines(s)[0]!.qty).toBe(7);
    removeLine(s, { productId: p.id, size: "M" });
    expect(getCartLines(s)).toEqual([{ productId: p.id, size: "L", qty: 1 }]);
    updateQty(s, { productId: p.id, size: "L", qty: 0 });
    expect(getCartLines(s)).toEqual([]);
    await addToCart(s, { productId: p.id, size: "L", qty: 1 });
    clearCart(s);
    expect((await loadCart(s)).items).toEqual([]);
  });

  it("holds 50 lines well inside the 4096-byte cookie limit and refuses a 51st", async () => {
    // Realistic worst case: the longest seeded size label, a signed-in shopper and a saved address.
    const products = await Promise.all(Array.from({ length: MAX_CART_LINES + 1 }, () => product(10, { "Free Size": 20 })));
    const s = await newSession();
    s.set("userId", 123);
    s.set("sessionVersion", 0);
    s.set("expiresAt", Date.now());
    s.set("shipping", {
      address: "House 12, Road 5, Dhanmondi R/A",
      city: "Dhaka",
      postalCode: "1205",
      phone: "+8801711000000",
      deliveryLabel: "Home",
    });
    for (const p of products.slice(0, MAX_CART_LINES)) await addToCart(s, { productId: p.id, size: "Free Size", qty: 12 });
    expect(getCartLines(s)).toHaveLength(50);
    const bytes = await cookieBytes(s);
    console.info(`50-line cart cookie: ${bytes} bytes`);
    expect(bytes).toBeLessThan(3800);

    const error = await addToCart(s, { productId: products[50]!.id, size: "Free Size", qty: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).message).toBe(CART_FULL_MESSAGE);
    expect(getCartLines(s)).toHaveLength(50);
    // Adding more of a product already in the cart still works.
    await addToCart(s, { productId: products[0]!.id, size: "Free Size", qty: 1 });
    expect(getCartLines(s)[0]!.qty).toBe(13);
  });
});
