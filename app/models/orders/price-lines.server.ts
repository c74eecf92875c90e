import { keyedError } from "~/models/platform/index.server";
import { colorRefusal, discountedPaisa, pickVariant, productDiscount, shortStock, type LineProducts } from "~/models/catalogue/index.server";

/**
 * Each line with its product, colour and unit price; refused before anything is spent or locked when
 * the product is gone, the size or colour does not fit, or the stock read just now cannot fill it
 * (a buyer's many orders for the last pieces: the late ones fail here; takeStock still decides).
 */
export function priceLines<L extends { productId: number; size: string; color?: string; qty: number }>(lines: L[], { rows }: LineProducts) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.map((l) => {
    const product = byId.get(l.productId);
    if (!product || product.status !== "active") {
      throw keyedError(409, { key: "Product #{{id}} is no longer available", values: { id: l.productId } });
    }
    const pick = pickVariant(product, l.size, l.color);
    if (!pick.ok && pick.reason !== "no-such-size") throw colorRefusal(pick.reason, l.color);
    if (!pick.ok) {
      throw keyedError(409, { key: "{{name}} is no longer available in size {{size}}", values: { name: product.name, size: l.size } });
    }
    const color = pick.color ? { colorId: pick.color.id, color: pick.color.name, colorBn: pick.color.nameBn } : { colorId: null, color: null, colorBn: null };
    const line = { ...l, ...color, product, unitPaisa: discountedPaisa(product.pricePaisa, productDiscount(product)) };
    if (pick.variant.quantity < l.qty) throw shortStock(line, pick.variant.quantity);
    return line;
  });
}
