import { json } from "@remix-run/node";
import type { z } from "zod";

import { ServiceError } from "~/models/errors.server";

export function jsonError(status: number, message: string, errors?: Record<string, string[]>) {
  return json(errors ? { message, errors } : { message }, { status });
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

/** Reads a JSON body and validates it; anything malformed throws a 400 `{ message, errors }`. */
export async function parseJsonBody<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw jsonError(400, "Request body must be valid JSON");
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    const first = result.error.issues[0];
    throw jsonError(400, first?.message ?? "Invalid input", errors);
  }
  return result.data;
}

/** Parses a positive integer id from a route param; 404 JSON otherwise (ids are never 0 or text). */
export function parseId(value: string | undefined, what: string): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1) {
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
    if (error instanceof ServiceError) return jsonError(error.status, error.message, error.errors);
    console.error(error);
    return jsonError(500, "Something went wrong, please try again");
  }
}

/** Refuses a method the resource route does not serve. */
export function methodNotAllowed() {
  return jsonError(405, "Method not allowed");
}
