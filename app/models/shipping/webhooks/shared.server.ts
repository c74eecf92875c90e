import { createHash, timingSafeEqual } from "node:crypto";

import type { CourierName, CourierStatus, CourierUpdate } from "~/models/orders/types";

import type { WebhookReading } from "../types";

// What the three couriers' webhook readers share: the secret check, reading
// the JSON body, and turning their times and taka amounts into ours. Readers
// never touch the database; they say who sent what (issue 36 item 3).

export type WebhookRequest = { headers: Headers; body: string; url?: string };

/** Constant-time: the hashes have the same length whatever was sent, so timing says nothing about the secret. */
export function sameSecret(given: string | null | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

export const refused = (status: 400 | 401, message: string): WebhookReading => ({ kind: "refused", status, message });

/** The body as a JSON object, or null for anything else (junk is a 400). */
export function jsonObject(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** An id the courier sends as a number or text; null when absent or not an id. */
export function idText(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === "string" && /^[\w\-/.]{1,64}$/.test(value.trim())) return value.trim();
  return null;
}

export function text(value: unknown, max = 500): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : null;
}

/** Taka (a number or "1500.00") in paisa; undefined when absent, null when it is not an amount. */
export function paisa(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > 10_000_000) return null;
  return Math.round(n * 100);
}

/**
 * A courier's time: ISO with a zone as is; "2025-03-02 12:45:30" without one
 * is Dhaka time (+06:00), as the Bangladeshi couriers' panels show it. Null when unreadable.
 */
export function courierTime(value: unknown): Date | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  if (typeof value === "number") return Number.isFinite(value) ? new Date(value < 1e12 ? value * 1000 : value) : null;
  const s = value.trim();
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(s);
  const at = new Date(local ? `${local[1]}T${local[2]}+06:00` : s);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** One update in the shop's words; the amounts the courier did not send stay null. */
export function update(
  courier: CourierName,
  fields: Partial<CourierUpdate> & { eventKey: string; status: CourierStatus; at: Date; consignmentId: string | null },
  raw: unknown,
): CourierUpdate {
  return {
    courier,
    invoice: null,
    message: null,
    messageBn: null,
    codCollectedPaisa: null,
    deliveryChargePaisa: null,
    codFeePaisa: null,
    ...fields,
    raw,
  };
}
