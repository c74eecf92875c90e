import type { Tx } from "~/models/platform/index.server";

// Catalogue's colour editor shows, and a colour's removal reports, how many order lines name a
// colour: the lines keep its names as they were, so the count informs the admin, it refuses nothing.

/** How many order lines name each colour, in one grouped query; a colour no line names is absent. */
export async function orderLinesByColour(db: Pick<Tx, "orderItem">, colourIds: number[]): Promise<Map<number, number>> {
  const rows = await db.orderItem.groupBy({ by: ["colorId"], where: { colorId: { in: colourIds } }, _count: true });
  return new Map(rows.flatMap((r) => (r.colorId === null ? [] : [[r.colorId, r._count] as const])));
}
