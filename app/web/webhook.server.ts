import type { ActionFunctionArgs } from "@remix-run/node";

import { handleWebhook } from "~/models/shipping/webhook-intake.server";

import { methodNotAllowed, readLimitedText } from "./http.server";

/**
 * A courier's webhook route (POST /webhooks/{courier}): JSON from another
 * server, so no form guard and no same-origin check applies (couriers send no
 * Origin); the body is read with the API's 1 MB cap. Never page-cached: only
 * the storefront's listed pages are (server/public-pages.js).
 */
export function webhookRoute(courier: "steadfast" | "pathao" | "redx") {
  return {
    action: async ({ request }: ActionFunctionArgs) => {
      if (request.method !== "POST") return methodNotAllowed();
      let body: string;
      try {
        body = await readLimitedText(request);
      } catch (error) {
        if (error instanceof Response) return error;
        return new Response(JSON.stringify({ message: "The request body could not be read" }), {
          status: 400,
          headers: { "Content-Type": "application/json" },
        });
      }
      return handleWebhook(courier, request, body);
    },
    loader: () => methodNotAllowed(),
  };
}
