import { parseForm } from "~/web/form.server";
import { json } from "@remix-run/node";
import type { z } from "zod";

import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { isDatabaseUnavailable } from "~/models/platform/db-errors.server";
import { ServiceError } from "~/models/platform/errors.server";
import { MAX_ID } from "~/schemas/numberish";

/**
 * Loads an admin screen's data. A broken rule keeps its status and message;
 * anything else is logged and becomes `fallback`, so the screen's
 * ErrorBoundary shows a message instead of the generic error page.
 */
export async function loadAdminData<T>(load: () => Promise<T>, fallback = "Error fetching data"): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ServiceError) throw json({ message: error.message }, { status: error.status });
    if (isDatabaseUnavailable(error)) throw error; // the route guard answers it: 503 with Retry-After
    console.error(error);
    throw json({ message: fallback }, { status: 500 });
  }
}

export type Failure = { status: number; message: string; fieldErrors?: Record<string, string[]> };

/**
 * What to tell the admin about a failed write: a ServiceError's own status and
 * message, else (logged) a 500 with `fallback`. Responses (redirects, guards)
 * are rethrown.
 */
export function describeFailure(error: unknown, fallback: string): Failure {
  if (error instanceof Response) throw error;
  if (error instanceof ServiceError) return { status: error.status, message: error.message, fieldErrors: error.errors };
  console.error(error);
  return { status: 500, message: fallback };
}

/** Runs a list page's write; a failure becomes `{ formError }` with its status for the page to show. */
export async function adminWrite(write: () => Promise<Response>, fallback: string): Promise<Response> {
  try {
    return await write();
  } catch (error) {
    const failure = describeFailure(error, fallback);
    return json({ formError: failure.message }, { status: failure.status });
  }
}

/** A positive integer id from a form field or route param, or null. */
export function toId(value: FormDataEntryValue | string | null | undefined): number | null {
  if (typeof value !== "string" || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

/**
 * An admin form's action, the same for every create and edit screen: the form
 * parsed with its schema (the one the API uses), saved through the service,
 * then back to the list with a flash, or back to the form with the service's
 * messages beside their fields (else as the form's alert).
 */
export async function saveAdminForm<Schema extends z.ZodTypeAny>(
  request: Request,
  formData: FormData,
  schema: Schema,
  save: (value: z.output<Schema>) => Promise<unknown>,
  done: { to: string; toast: string; fallback: string },
) {
  const submission = parseForm(formData, { schema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    await save(submission.value);
  } catch (error) {
    const failure = describeFailure(error, done.fallback);
    return json(submission.reply({ formErrors: [failure.message], fieldErrors: failure.fieldErrors }), { status: failure.status });
  }
  return redirectWithToast(done.to, done.toast, { session: await getSession(request) });
}
