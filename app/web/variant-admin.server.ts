import * as variants from "~/models/catalogue/variant-admin.server";
import { orderLinesByColour } from "~/models/orders/index.server";
import type { Actor } from "~/models/platform/index.server";

// The colour editor's reads and removals say how many order lines name a colour. The colours are
// catalogue's and the lines orders'; orders sits above catalogue (issue 39), so the door hands
// catalogue orders' count, which it asks inside its own transaction (before a removal unlinks them).

/** The grid of a product's variants, each colour with its order lines counted. */
export const readVariantGrid = (productId: number) => variants.readVariantGrid(productId, orderLinesByColour);

/** Removes a colour; `orderLines` says how many order lines named it (they keep its names). */
export const removeColor = (actor: Actor, productId: number, colorId: number) => variants.removeColor(actor, productId, colorId, orderLinesByColour);
