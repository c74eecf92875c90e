import crypto from "node:crypto";

import { limitAuthAttempt } from "~/models/accounts/index.server";
import { prisma } from "~/models/platform/index.server";
import { toLatinDigits } from "~/utils/digits";
import { parseOrderNumber } from "~/utils/order-number";
import { normalizeBdMobile } from "~/utils/phone";

import { ServiceError } from "~/models/platform/index.server";
import { orderInclude, toOrderDTO, type OrderDTO } from "./order-dto.server";

/*
 * A guest's way back to an order (issue 18 part 4): the order number plus the
 * e-mail or phone given at checkout. One answer for every wrong pair, so the
 * form does not tell which half was wrong, and the attempts are limited like
 * sign-in (per IP and per order number). Only guest orders are found: an
 * account's orders are behind its sign-in.
 */

export const ORDER_NOT_FOUND = "We could not find an order with that number and email or phone";

/** Equal-length digests compared in constant time, so the answer's timing leaks nothing of the stored value. */
export function sameSecret(a: string, b: string) {
  const digest = (s: string) => crypto.createHash("sha256").update(s, "utf8").digest();
  return crypto.timingSafeEqual(digest(a), digest(b));
}

/** Whether `contact` (an e-mail, or a phone in any usual form) is the one the order was placed with. */
export function contactMatches(order: { shippingEmail: string; phone: string }, contact: { email?: string; phone?: string }) {
  if (contact.email) return sameSecret(order.shippingEmail.trim().toLowerCase(), contact.email.trim().toLowerCase());
  if (contact.phone) {
    const typed = normalizeBdMobile(toLatinDigits(contact.phone));
    const stored = normalizeBdMobile(order.phone) ?? order.phone;
    return typed !== null && sameSecret(stored, typed);
  }
  return false;
}

export async function findGuestOrder(input: { orderNumber: string; email?: string; phone?: string; ip?: string }): Promise<OrderDTO> {
  const number = parseOrderNumber(toLatinDigits(input.orderNumber));
  // The limiter keeps only 400/401 failures on record; the caller sees a 404.
  const key = `order:${number ?? input.orderNumber.trim().toLowerCase()}`;
  try {
    return await limitAuthAttempt({ ip: input.ip, email: key }, async () => {
      const row = number === null ? null : await prisma.order.findUnique({ where: { number }, include: orderInclude });
      if (!row || !row.placedAsGuest || !contactMatches(row, input)) throw new ServiceError(400, ORDER_NOT_FOUND);
      return toOrderDTO(row);
    });
  } catch (error) {
    if (error instanceof ServiceError && error.message === ORDER_NOT_FOUND) throw new ServiceError(404, ORDER_NOT_FOUND);
    throw error;
  }
}
