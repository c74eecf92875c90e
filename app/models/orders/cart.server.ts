import type { Lang } from "~/i18n/languages";
import { englishText, type MessageKey } from "~/utils/message-key";

import { notFound, ServiceError } from "~/models/platform/index.server";
import { getSettings } from "~/models/platform/index.server";
import { inLanguage } from "~/models/catalogue/index.server";
import { orderTotals, toTaka, discountedPaisa } from "~/models/catalogue/index.server";
import { productDiscount, readLineProducts, sizeStock, type LineProducts } from "~/models/catalogue/index.server";
import { pickVariant } from "~/models/catalogue/index.server";
import { commitSession, type CartLine, type Session } from "~/models/accounts/index.server";

// The cart keeps only product id, size and quantity; everything shown is read
// from the database on each render (docs/decisions/002-cart-in-the-session-cookie.md).

/**
 * Browsers drop a cookie whose name=value exceeds about 4096 bytes (RFC 6265
 * asks for "at least 4096"; Chrome, Firefox and Safari stop there), and Remix
 * throws when asked to commit a larger one. A line costs ~40–60 bytes once
 * signed and base64-encoded, so 50 lines (~3 KB) leave room for the sign-in,
 * a saved address and a toast. cart.test.ts measures it.
 */
export const MAX_CART_LINES = 50;
/** What a cart change may bring the cookie to, keeping ~300 bytes for a flash toast. */
export const CART_COOKIE_BUDGET = 3800;
const BROWSER_COOKIE_LIMIT = 4096;
export const CART_FULL_MESSAGE = `Your cart is full (${MAX_CART_LINES} items). Remove something or check out first.`;

export function getCartLines(session: Session): CartLine[] {
  const raw = session.get("cart");
  // The cookie is signed, but an old deploy may have written another shape.
  return Array.isArray(raw) ? raw.filter((l) => l && Number.isInteger(l.productId) && typeof l.size === "string" && Number.isInteger(l.qty) && l.qty > 0) : [];
}

type LineKey = { productId: number; size: string; color?: string | null };
/** One line per variant: product, size and colour (absent and empty are the same: no colour). */
const sameLine = (a: LineKey, b: LineKey) => a.productId === b.productId && a.size === b.size && (a.color || "") === (b.color || "");

/** Byte length of the Set-Cookie name=value the session would produce now. */
export async function sessionCookieBytes(session: Session): Promise<number> {
  try {
    const header = await commitSession(session);
    return Buffer.byteLength(header.split(";")[0]!);
  } catch {
    return Infinity; // Remix refuses to serialise anything above 4096 bytes
  }
}

/** Commits the session, or throws a 400 (never Remix's 500) when the cookie would be too big. */
export async function commitWithinLimit(session: Session, message = CART_FULL_MESSAGE): Promise<string> {
  try {
    const header = await commitSession(session);
    if (Buffer.byteLength(header.split(";")[0]!) <= BROWSER_COOKIE_LIMIT) return header;
  } catch {
    // fall through: too big
  }
  throw new ServiceError(400, message);
}

/**
 * More asked for than is left: said once, beside the cart line (issue 22 item
 * 22). It travels in a flash cookie beside a cart of up to 50 lines, so it
 * carries the numbers, not its catalogue key: stockLimitText rebuilds that.
 */
export type CartNotice = { productId: number; size: string; message: string; stock: number; added: number; inCart: number; cap?: number };

/** The notice's text as a catalogue key and values (which of three sentences follows from the numbers). */
export function stockLimitText({ size, stock, added, inCart, cap }: Omit<CartNotice, "productId" | "message">): MessageKey {
  // The shop's cap per line (issue 26) held the quantity down, not the stock.
  if (cap !== undefined && cap < stock) return { key: "You can order at most {{cap}} of one size; your cart has {{inCart}}", values: { cap, inCart } };
  const left = "Only {{stock}} left in size {{size}}";
  const key =
    added === 0
      ? `${left}; your cart already has {{inCart}}`
      : added === inCart
        ? `${left}; we added {{added}}`
        : `${left}; we added {{added}}, so your cart has {{inCart}}`;
  return { key, values: { stock, size, added, inCart } };
}

function stockLimitNotice(line: { productId: number; size: string }, stock: number, added: number, inCart: number, cap: number): CartNotice {
  const counts = { size: line.size, stock, added, inCart, ...(cap < stock ? { cap } : {}) };
  return { productId: line.productId, message: englishText(stockLimitText(counts)), ...counts };
}

/** A cart line's note and its catalogue key, from one template. */
function lineNote(key: string, values: MessageKey["values"] = {}) {
  return { note: englishText({ key, values }), noteKey: { key, values } };
}

/**
 * Adds a line (merging the same product and size), capped at that size's stock.
 * A 51st distinct line is refused with CART_FULL_MESSAGE. The caller commits the session.
 * Returns what to tell the shopper when the stock capped the quantity, else null.
 */
export async function addToCart(session: Session, input: { productId: number; size: string; color?: string; qty: number }): Promise<CartNotice | null> {
  if (!Number.isInteger(input.qty) || input.qty < 1) throw new ServiceError(400, "Quantity must be at least 1");
  const stock = await sizeStock(input.productId, input.size, input.color);
  if (stock && !stock.active) throw notFound("Product");
  if (!stock) throw new ServiceError(400, "Please select a size");
  if (stock.quantity < 1) throw new ServiceError(409, "That size is out of stock");
  const lines = getCartLines(session);
  const existing = lines.find((l) => sameLine(l, input));
  if (!existing && lines.length >= MAX_CART_LINES) throw new ServiceError(400, CART_FULL_MESSAGE);
  // At most what is left, and at most the shop's cap for one size in one order (issue 26).
  const { maxQtyPerLine } = await getSettings();
  const most = Math.min(stock.quantity, maxQtyPerLine);
  const qty = Math.min(most, (existing?.qty ?? 0) + input.qty);
  const color = input.color?.trim() ? { color: input.color.trim() } : {};
  const next = existing ? lines.map((l) => (l === existing ? { ...l, qty } : l)) : [...lines, { productId: input.productId, size: input.size, ...color, qty }];
  session.set("cart", next);
  // Long size labels or a long saved address could still push past the browser limit.
  if ((await sessionCookieBytes(session)) > CART_COOKIE_BUDGET) {
    session.set("cart", lines);
    throw new ServiceError(400, CART_FULL_MESSAGE);
  }
  const before = existing?.qty ?? 0;
  return before + input.qty > most ? stockLimitNotice(input, stock.quantity, qty - before, qty, maxQtyPerLine) : null;
}

type FlashedNotice = Pick<CartNotice, "productId" | "size" | "message"> & Partial<CartNotice>;

/** The cart as shown with a notice from the last add on its line (the add redirected here). */
export function withNotice(view: CartView, notice: FlashedNotice | undefined): CartView {
  if (!notice) return view;
  const { size, stock, added, inCart, cap } = notice;
  // A notice flashed before notices carried their numbers has no key: it shows in English.
  const noteKey = stock !== undefined && added !== undefined && inCart !== undefined ? stockLimitText({ size, stock, added, inCart, cap }) : null;
  const items = view.items.map((i) => (sameLine(i, notice) && i.available && !i.note ? { ...i, note: notice.message, noteKey } : i));
  return { ...view, items };
}

/** Sets a line's quantity (capped at stock by loadCart on the next render); 0 or less removes it. */
export function updateQty(session: Session, line: LineKey & { qty: number }) {
  if (line.qty < 1) return removeLine(session, line);
  session.set(
    "cart",
    getCartLines(session).map((l) => (sameLine(l, line) ? { ...l, qty: line.qty } : l)),
  );
}

export function removeLine(session: Session, line: LineKey) {
  session.set(
    "cart",
    getCartLines(session).filter((l) => !sameLine(l, line)),
  );
}

export function clearCart(session: Session) {
  session.unset("cart");
}

export type CartItem = {
  productId: number;
  size: string;
  /** The variant's colour as the cart names it (issue 38); absent for a product without colours. */
  color?: string;
  /** The colour's name in the page's language, to show. */
  colorLabel?: string;
  /** Quantity to show and order: the stored one, capped at the size's stock. */
  qty: number;
  name: string;
  image: string | null;
  /** Unit price with the discount applied, and before it (taka). */
  price: number;
  originalPrice: number;
  discountPercentage: number;
  unitPaisa: number;
  /** That size's stock now (0 when the size is gone). */
  stock: number;
  /** The most the shopper can order of this line: its stock, or the shop's cap per line if lower. */
  maxQty: number;
  available: boolean;
  /** Why a line is unavailable or was reduced; null when all is well. */
  note: string | null;
  /** The note's catalogue key and values, for pages in another language. */
  noteKey: MessageKey | null;
};

export type CartView = {
  items: CartItem[];
  /** Sum of quantities of the lines that can be ordered. */
  itemCount: number;
  subtotal: number;
  subtotalPaisa: number;
  hasUnavailable: boolean;
};

/**
 * The cart as shown: every line priced and checked against the database now,
 * with one statement (readLineProducts, whatever the cart size); `products`: already read, e.g. by checkout.
 * Names are in the page's `lang`; an order stores both names (order.server.ts reads its own).
 */
export async function loadCart(session: Session, lang: Lang = "en", products?: LineProducts): Promise<CartView> {
  const lines = getCartLines(session);
  const [{ rows }, { maxQtyPerLine }] = await Promise.all([products ?? readLineProducts(lines), getSettings()]);
  const byId = new Map(rows.map((r) => [r.id, r]));

  const items = lines.map((line): CartItem => {
    const row = byId.get(line.productId);
    // A product taken back to draft is off sale, as a removed one is.
    if (!row || row.status !== "active") {
      return {
        ...line,
        name: "Product no longer available",
        image: null,
        price: 0,
        originalPrice: 0,
        discountPercentage: 0,
        unitPaisa: 0,
        stock: 0,
        maxQty: 0,
        available: false,
        ...lineNote("This product has been removed from the shop. Please remove it from your cart."),
      };
    }
    const discountPercentage = productDiscount(row);
    const unitPaisa = discountedPaisa(row.pricePaisa, discountPercentage);
    const pick = pickVariant(row, line.size, line.color);
    const size = pick.ok ? pick.variant : undefined;
    const stock = size?.quantity ?? 0;
    const base = {
      productId: line.productId,
      size: line.size,
      ...(line.color ? { color: line.color, colorLabel: pick.ok && pick.color ? inLanguage(lang, pick.color.name, pick.color.nameBn) : line.color } : {}),
      name: inLanguage(lang, row.name, row.nameBn),
      // The colour's own picture: the line shows what will arrive.
      image: (pick.ok && pick.color?.images[0]) || row.image,
      price: toTaka(unitPaisa),
      originalPrice: toTaka(row.pricePaisa),
      discountPercentage,
      unitPaisa,
      stock,
      maxQty: Math.min(stock, maxQtyPerLine),
    };
    if (!size) {
      return { ...base, qty: line.qty, available: false, ...lineNote("Size {{size}} is no longer offered.", { size: line.size }) };
    }
    if (stock < 1) {
      return { ...base, qty: line.qty, available: false, ...lineNote("Size {{size}} is out of stock.", { size: line.size }) };
    }
    if (line.qty > stock) {
      const note = lineNote("Only {{stock}} left in size {{size}}; we set the quantity to {{stock}}.", { stock, size: line.size });
      return { ...base, qty: stock, available: true, ...note };
    }
    if (line.qty > maxQtyPerLine) {
      const note = lineNote("You can order at most {{max}} of one size; we set the quantity to {{max}}.", { max: maxQtyPerLine });
      return { ...base, qty: maxQtyPerLine, available: true, ...note };
    }
    return { ...base, qty: line.qty, available: true, note: null, noteKey: null };
  });

  const orderable = items.filter((i) => i.available);
  const { itemsPaisa } = orderTotals(orderable.map((i) => ({ unitPaisa: i.unitPaisa, qty: i.qty })));
  return {
    items,
    itemCount: orderable.reduce((sum, i) => sum + i.qty, 0),
    subtotal: toTaka(itemsPaisa),
    subtotalPaisa: itemsPaisa,
    hasUnavailable: items.length !== orderable.length,
  };
}

/**
 * Writes capped quantities back so the header badge and the order match what
 * the shopper sees. Unavailable lines stay until removed, so the note shows.
 * Returns true when the session changed (the caller commits it).
 */
export function syncCartQuantities(session: Session, view: CartView): boolean {
  const lines = getCartLines(session);
  let changed = false;
  const next = lines.map((l) => {
    const item = view.items.find((i) => sameLine(i, l));
    if (item?.available && item.qty !== l.qty) {
      changed = true;
      return { ...l, qty: item.qty };
    }
    return l;
  });
  if (changed) session.set("cart", next);
  return changed;
}
