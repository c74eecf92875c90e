import type { CourierName, CourierStatus, CourierUpdate } from "~/models/orders/types";

import { CourierDown, CourierRefused } from "../errors.server";

// One way to call a courier's API: JSON in and out, a timeout, and the split every provider needs:
// no answer, 5xx or 429 is CourierDown (try again later); any other non-2xx is the courier's refusal.

/** A courier that does not answer within this is down for this attempt; the invoice makes a retry safe. */
const TIMEOUT_MS = 20_000;

export type CourierAnswer = { status: number; body: Record<string, unknown> };

export async function courierRequest(
  label: string,
  url: string,
  init: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: unknown },
): Promise<CourierAnswer> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? "GET",
      headers: { Accept: "application/json", ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}), ...init.headers },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const why = error instanceof Error && error.name === "TimeoutError" ? "did not answer in time" : "cannot be reached";
    throw new CourierDown(`${label} ${why}; nothing was booked, try again in a few minutes`);
  }
  const text = await res.text().catch(() => "");
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    body = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : { value: parsed };
  } catch {
    body = { message: text.slice(0, 200) };
  }
  if (res.status >= 500 || res.status === 429) {
    throw new CourierDown(`${label} is not working right now (${res.status}); nothing was booked, try again in a few minutes`);
  }
  return { status: res.status, body };
}

/** The courier's own words from an error body: `{message}` plus the first word per field of `{errors}`. */
export function courierWords(body: Record<string, unknown>, fallback: string): string {
  const parts: string[] = [];
  const errors = body.errors;
  if (errors && typeof errors === "object") {
    for (const value of Object.values(errors as Record<string, unknown>)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === "string") parts.push(first);
    }
  }
  if (parts.length === 0 && typeof body.message === "string" && body.message) parts.push(body.message);
  return (parts.join("; ") || fallback).slice(0, 300);
}

/** Refuses with the courier's words (a 4xx, or a 2xx whose body says it failed). */
export function refuse(label: string, body: Record<string, unknown>): never {
  throw new CourierRefused(courierWords(body, `${label} refused the parcel`));
}

/** Paisa from a courier's taka amount (number or numeric text); null when absent. */
export function takaToPaisa(value: unknown): number | null {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? Math.round(n * 100) : null;
}

/** The base URL from the environment without a trailing slash. */
export const baseUrl = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/+$/, "");

/** A status read by polling, as a CourierUpdate: the key makes the same status heard twice one event. */
export function pollUpdate(courier: CourierName, consignmentId: string, status: CourierStatus | null): CourierUpdate | null {
  if (!status) return null;
  const none = { message: null, messageBn: null, codCollectedPaisa: null, deliveryChargePaisa: null, codFeePaisa: null };
  return {
    courier,
    eventKey: `poll:${consignmentId}:${status}`,
    consignmentId,
    invoice: null,
    status,
    at: new Date(),
    ...none,
    raw: { consignmentId, status },
  };
}
