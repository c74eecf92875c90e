import { json } from "@remix-run/node";
import type { z } from "zod";

import { ServiceError } from "~/models/platform/errors.server";
import { MAX_ID } from "~/schemas/numberish";

import { isDatabaseUnavailable, outageResponse } from "~/models/platform/db-errors.server";
import { noteDatabaseFailure } from "~/models/platform/disk-full.server";

export function jsonError(status: number, message: string, errors?: Record<string, string[]>, headers?: HeadersInit) {
  return json(errors ? { message, errors } : { message }, { status, headers });
}

/** Field errors from a zod error, keyed by dotted path ("" for the whole body). */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/**
 * Largest JSON body the API reads (the biggest real one, a product with a long
 * description, is a few hundred KB); anything larger is a 413 before parsing.
 */
export const MAX_JSON_BYTES = 1024 * 1024;
const TOO_LARGE = "Request body is too large";

/** Reads the body as text, refusing (413) once it grows past MAX_JSON_BYTES. */
export async function readLimitedText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > MAX_JSON_BYTES) throw jsonError(413, TOO_LARGE);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Stop reading (not cancel: that resets the socket before the client sees the 413).
    if (size > MAX_JSON_BYTES) throw jsonError(413, TOO_LARGE);
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

type Node = { value: unknown; key: string; parent: Node | null };

/**
 * Paths of strings holding a NUL character: PostgreSQL text cannot store one,
 * so letting it through would end in a database error (a 500) instead of a 400.
 * Iterative, with paths built only for hits, so a deeply nested body costs
 * neither stack nor quadratic memory.
 */
function nulPaths(body: unknown): string[] {
  const out: string[] = [];
  const stack: Node[] = [{ value: body, key: "", parent: null }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { value } = node;
    if (typeof value === "string" && value.includes("\u0000")) {
      const keys: string[] = [];
      for (let n: Node | null = node; n?.parent; n = n.parent) keys.unshift(n.key);
      out.push(keys.join("."));
    } else if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) stack.push({ value: child, key, parent: node });
    }
  }
  return out;
}

/** Reads a JSON body and validates it; anything malformed throws a 400 `{ message, errors }`. */
export async function parseJsonBody<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.output<S>> {
  const text = await readLimitedText(request);
  let body: unknown;
  try {
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw jsonError(400, "Request body must be valid JSON");
  }
  // Every API body is an object; say so rather than zod's "Expected object, received null".
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw jsonError(400, "Request body must be a JSON object");
  }
  const withNul = nulPaths(body);
  if (withNul.length > 0) {
    const message = "Text cannot contain NUL characters";
    throw jsonError(400, message, Object.fromEntries(withNul.map((p) => [p, [message]])));
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    // `errors` names fields (docs/api.md); a rule about the whole body is said by `message` alone.
    const { "": _whole, ...errors } = fieldErrors(result.error);
    const first = result.error.issues[0];
    throw jsonError(400, first?.message ?? "Invalid input", Object.keys(errors).length > 0 ? errors : undefined);
  }
  return result.data;
}

/** Parses a positive integer id from a route param; 404 JSON otherwise (ids are never 0, text or beyond int4). */
export function parseId(value: string | undefined, what: string): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
    throw jsonError(404, `${what} not found`);
  }
  return id;
}

/**
 * Wraps an /api handler: ServiceErrors become their JSON error, and anything
 * unexpected a logged 500 with a generic message (never a stack trace).
 */
export async function apiHandler(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof ServiceError) {
      const headers = error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined;
      return jsonError(error.status, error.message, error.errors, headers);
    }
    if (isDatabaseUnavailable(error)) {
      noteDatabaseFailure(error);
      return outageResponse(true);
    }
    console.error(error);
    return jsonError(500, "Something went wrong, please try again");
  }
}

/** Refuses a method the resource route does not serve. */
export function methodNotAllowed() {
  return jsonError(405, "Method not allowed");
}
