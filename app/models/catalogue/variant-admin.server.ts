import { catalogueChanged, notFound, prisma, requirePermission, ServiceError, type Actor, type Tx } from "~/models/platform/index.server";
import { skuId, type ColorInput, type StockGridInput } from "~/schemas/variants";

import { lockProduct } from "./product-rules.server";
import { byStockKey } from "./stock.server";
import { skuOf } from "./variants";

// The back office's writes of a product's variants (issue 38 item 4, docs/decisions/100): the colour ×
// size stock grid, adding a colour or a size, removing a colour. Each runs in one transaction holding
// the product's row lock, so two admins take turns, and stock rows are written in byStockKey order,
// the order checkout locks them in, so a save never deadlocks with an order.

export type VariantGrid = Awaited<ReturnType<typeof readVariantGrid>>;

/**
 * How many order lines name each colour: orders' `orderLinesByColour`, asked with the caller's client
 * or transaction. Orders sits above catalogue (issue 39), so the door passes it in
 * (app/web/variant-admin.server.ts) instead of catalogue importing orders.
 */
export type LinesByColour = (db: Pick<Tx, "orderItem">, colourIds: number[]) => Promise<Map<number, number>>;

/** The product's colours (with how many order lines name each), sizes in order, and one cell per variant. */
export async function readVariantGrid(productId: number, orderLinesByColour: LinesByColour, db: Pick<Tx, "product" | "orderItem"> = prisma) {
  const p = await db.product.findUnique({
    where: { id: productId },
    select: {
      id: true,
      name: true,
      colors: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true, name: true, nameBn: true, hex: true, images: true } },
      sizes: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true, size: true, colorId: true, quantity: true } },
    },
  });
  if (!p) throw notFound("Product");
  const orders = await orderLinesByColour(
    db,
    p.colors.map((c) => c.id),
  );
  return {
    id: p.id,
    name: p.name,
    colors: p.colors.map((c) => ({ ...c, orderLines: orders.get(c.id) ?? 0 })),
    sizes: [...new Set(p.sizes.map((s) => s.size))],
    cells: p.sizes.map((s) => ({ sku: skuOf(s.id), size: s.size, colorId: s.colorId, quantity: s.quantity })),
  };
}

async function locked<T>(productId: number, write: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await prisma.$transaction(async (tx) => {
    if (!(await lockProduct(tx, productId))) throw notFound("Product");
    return write(tx);
  });
  catalogueChanged([`product:${productId}`, "catalogue"]);
  return result;
}

/**
 * Saves the grid: every cell names one of this product's variants, or nothing is saved (400 naming
 * the SKU). Absolute numbers, as the admin counted them on the shelf.
 */
export async function saveStockGrid(actor: Actor, productId: number, input: StockGridInput): Promise<{ saved: number }> {
  requirePermission(actor, "update:stock:any");
  return locked(productId, async (tx) => {
    const ids = input.cells.map((c) => skuId(c.sku)!);
    const rows = await tx.productSize.findMany({ where: { id: { in: ids }, productId }, select: { id: true, productId: true, size: true, colorId: true } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const stranger = input.cells.find((c) => !byId.has(skuId(c.sku)!));
    if (stranger) throw new ServiceError(400, `${stranger.sku} is not a variant of this product`);
    const cells = input.cells.map((c) => ({ ...byId.get(skuId(c.sku)!)!, quantity: c.quantity })).sort(byStockKey);
    for (const c of cells) await tx.productSize.update({ where: { id: c.id }, data: { quantity: c.quantity } });
    return { saved: cells.length };
  });
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Adds a colour. The product's first colour takes over its colourless sizes with their stock (they
 * were that colour all along); a later one gets every size the product has, with no stock yet.
 */
export async function addColor(actor: Actor, productId: number, input: ColorInput): Promise<{ id: number }> {
  requirePermission(actor, "update:product:any");
  return locked(productId, async (tx) => {
    const colors = await tx.productColor.findMany({ where: { productId }, select: { name: true, position: true } });
    if (colors.some((c) => sameName(c.name, input.name))) {
      throw new ServiceError(400, `This product already has the colour "${input.name}"`, { name: ["This product already has this colour"] });
    }
    const position = Math.max(-1, ...colors.map((c) => c.position)) + 1;
    const color = await tx.productColor.create({
      data: { productId, name: input.name, nameBn: input.nameBn ?? null, hex: input.hex, images: input.images, position },
    });
    if (colors.length === 0) {
      await tx.productSize.updateMany({ where: { productId, colorId: null }, data: { colorId: color.id } });
    } else {
      const sizes = await tx.productSize.findMany({
        where: { productId },
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: { size: true, position: true },
      });
      const seen = new Map(sizes.map((s) => [s.size, s.position]));
      await tx.productSize.createMany({ data: [...seen].map(([size, pos]) => ({ productId, colorId: color.id, size, quantity: 0, position: pos })) });
    }
    return { id: color.id };
  });
}

/** Adds a size to every colour of a product with colours (the editor's size list writes only colourless ones). */
export async function addSizeToColors(actor: Actor, productId: number, size: string): Promise<{ added: number }> {
  requirePermission(actor, "update:product:any");
  return locked(productId, async (tx) => {
    const colors = await tx.productColor.findMany({ where: { productId }, select: { id: true } });
    if (colors.length === 0) throw new ServiceError(400, "This product has no colours: add its sizes in the product editor");
    const rows = await tx.productSize.findMany({ where: { productId }, select: { size: true, position: true } });
    if (rows.some((r) => sameName(r.size, size)))
      throw new ServiceError(400, `This product already has the size "${size}"`, { size: ["This size is already there"] });
    const position = Math.max(-1, ...rows.map((r) => r.position)) + 1;
    await tx.productSize.createMany({ data: colors.map((c) => ({ productId, colorId: c.id, size, quantity: 0, position })) });
    return { added: colors.length };
  });
}

/**
 * Removes a colour and its variants (docs/decisions/100: detach, not soft-delete). Orders keep the
 * colour's names, which their items copied; their link to the colour becomes null, so a later cancel
 * has no stock to give back to, as for a removed size. The last colour leaves its sizes behind,
 * colourless with their stock: the product goes back to being sold by size alone.
 */
export async function removeColor(
  actor: Actor,
  productId: number,
  colorId: number,
  orderLinesByColour: LinesByColour,
): Promise<{ message: string; orderLines: number }> {
  requirePermission(actor, "update:product:any");
  return locked(productId, async (tx) => {
    const color = await tx.productColor.findFirst({ where: { id: colorId, productId }, select: { id: true, name: true } });
    if (!color) throw notFound("Colour");
    // Counted in the removal's transaction, before the delete unlinks the lines from the colour.
    const orderLines = (await orderLinesByColour(tx, [colorId])).get(colorId) ?? 0;
    const others = await tx.productColor.count({ where: { productId, id: { not: colorId } } });
    if (others === 0) await tx.productSize.updateMany({ where: { colorId }, data: { colorId: null } });
    await tx.productColor.delete({ where: { id: colorId } });
    return { message: `Colour "${color.name}" removed`, orderLines };
  });
}
