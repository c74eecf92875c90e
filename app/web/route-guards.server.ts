import type { ActionFunctionArgs, LoaderFunctionArgs, ServerBuild } from "@remix-run/node";

import { isDatabaseUnavailable, outageResponse } from "~/models/platform/db-errors.server";
import { noteDatabaseFailure, noteWriteSucceeded, withRequestNamed } from "~/models/platform/disk-full.server";

/**
 * Two rules every route obeys, applied once to the server build (server.js)
 * instead of in each of ~40 loaders and actions:
 *
 * 1. A database outage is a 503 with a clear message — a JSON `{message}`
 *    under /api, the error page (its title says so) elsewhere — never a 500.
 * 2. A page action reads a submitted form; any other body (JSON, text, none)
 *    is a 415 page and a form that cannot be parsed (broken multipart) a 400
 *    page, before Remix's `request.formData()` throws a TypeError (a 500).
 *    (/logout has no page and reads no body: any POST signs out.)
 */

export const FORM_ONLY = "This page accepts only a submitted form";
export const UNREADABLE_FORM = "The submitted form could not be read";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

/** undici's complaint about a body that is not a form ("Failed to parse body as FormData", "Content-Type was not one of …"). */
function isFormParseError(error: unknown) {
  return error instanceof TypeError && /FormData|Content-Type was not one of/i.test(error.message);
}

function pageError(status: number, message: string) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

function guard(handler: Handler, { api, pageAction }: { api: boolean; pageAction: boolean }): Handler {
  return async (args) => {
    if (pageAction) {
      const type = (args.request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (!FORM_TYPES.has(type)) throw pageError(415, FORM_ONLY);
    }
    // A write that went through (2xx, or a redirect) means the database has room again (disk-full.server.ts).
    const write = args.request.method !== "GET" && args.request.method !== "HEAD";
    const wrote = (result: unknown) => {
      if (write && result instanceof Response && result.status < 400) noteWriteSucceeded();
    };
    try {
      const result = await withRequestNamed(args.request, () => handler(args));
      wrote(result);
      return result;
    } catch (error) {
      if (error instanceof Response) {
        wrote(error);
        throw error;
      }
      if (isDatabaseUnavailable(error)) {
        // A full disk is logged with its cause and shown on /healthcheck; an outage the health check sees itself.
        noteDatabaseFailure(error);
        throw outageResponse(api);
      }
      if (pageAction && isFormParseError(error)) throw pageError(400, UNREADABLE_FORM);
      throw error;
    }
  };
}

/** The build with every loader and action guarded as above. */
export function withResilientRoutes(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const mod = route.module;
    // Couriers' webhooks are machine calls too: an outage is a JSON 503 they retry.
    const api = id.startsWith("routes/api.") || id.startsWith("routes/webhooks.");
    const page = typeof mod.default === "function";
    routes[id] = {
      ...route,
      module: {
        ...mod,
        ...(mod.loader ? { loader: guard(mod.loader as Handler, { api, pageAction: false }) } : {}),
        ...(mod.action ? { action: guard(mod.action as Handler, { api, pageAction: page }) } : {}),
      } as typeof mod,
    };
  }
  return { ...build, routes };
}
