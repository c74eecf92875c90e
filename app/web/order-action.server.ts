import { json } from "@remix-run/node";

import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { confirmByCall, confirmByCode, resendCode } from "~/models/orders/cod-confirm.server";
import type { GuestProof } from "~/models/orders/guest-cancel.server";
import { markReceivedBack } from "~/models/orders/courier-updates.server";
import { cancelOrder, markShipped } from "~/models/orders/order-ops.server";
import { markDelivered, markPaid } from "~/models/orders/order.server";
import { ServiceError } from "~/models/platform/errors.server";
import { cancelOrderSchema, confirmCodeSchema, shipOrderSchema } from "~/schemas/order-ops";

// The order page's buttons (confirm, mark paid, shipped, delivered, cancel) for both the
// shopper's /order/{id} and the back office's /admin/order/{id}: one place
// reads the form, calls the service and answers, so the two cannot drift.
// Who may press which is the services' to decide (order-permissions.server.ts).

const DONE = {
  pay: "Order marked as paid",
  deliver: "Order marked as delivered",
  ship: "Order marked as shipped; the buyer is told by e-mail and SMS",
  cancel: "Order cancelled",
  confirm: "Thank you! Your order is confirmed.",
  resend: "We sent a new code by SMS",
  "confirm-call": "Order confirmed by call",
  "receive-back": "Parcel received back; its items are in stock again",
} as const;

type Options = {
  request: Request;
  id: string;
  form: FormData;
  actor: { id: number; isAdmin: boolean } | null;
  /** Where to come back to with the toast. */
  back: string;
  /** The back office must say why it cancels; a shopper's cancel has no reason field. */
  reasonRequired?: boolean;
  /** A guest's proof (checkout phone or e-mail), when cancelling from a link. */
  proof?: GuestProof;
  /** This browser opened the order's SMS short link: it may enter or ask again for the code (decision 084). */
  linked?: boolean;
};

/** What the page shows after a refused action: one message, or one beside its field. */
export type OrderActionData = { error?: string; contactError?: string; codeError?: string; shipErrors?: Record<string, string[]> };

export async function orderAction({ request, id, form, actor, back, reasonRequired = false, proof, linked = false }: Options) {
  const intent = form.get("intent");
  try {
    if (intent === "confirm") {
      const parsed = confirmCodeSchema.safeParse({ code: form.get("code") ?? "" });
      if (!parsed.success) return json<OrderActionData>({ error: undefined, codeError: parsed.error.issues[0]?.message }, { status: 400 });
      await confirmByCode(id, parsed.data.code, actor, new Date(), linked, proof?.ip ?? null);
    } else if (intent === "resend") await resendCode(id, actor, new Date(), linked, proof?.ip ?? null);
    else if (intent === "confirm-call") await confirmByCall(id, actor);
    else if (intent === "pay") await markPaid(id, actor);
    else if (intent === "deliver") await markDelivered(id, actor);
    else if (intent === "receive-back") await markReceivedBack(id, actor);
    else if (intent === "ship") {
      const parsed = shipOrderSchema.safeParse({
        courier: form.get("courier") ?? "",
        trackingNumber: form.get("trackingNumber") ?? "",
        note: form.get("note") ?? "",
      });
      if (!parsed.success) return json<OrderActionData>({ shipErrors: parsed.error.flatten().fieldErrors as Record<string, string[]> }, { status: 400 });
      await markShipped(id, parsed.data, actor);
    } else if (intent === "cancel") {
      const parsed = cancelOrderSchema.safeParse({ reason: form.get("reason") || undefined });
      if (!parsed.success) return json<OrderActionData>({ error: parsed.error.issues[0]?.message ?? "Invalid reason" }, { status: 400 });
      if (reasonRequired && !parsed.data.reason) return json<OrderActionData>({ error: "Choose why the order is cancelled" }, { status: 400 });
      await cancelOrder(id, parsed.data.reason, actor, proof);
    } else return json<OrderActionData>({ error: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const contactError = error.errors?.contact?.[0];
    const codeError = error.errors?.code?.[0];
    return json<OrderActionData>({ error: contactError || codeError ? undefined : error.message, contactError, codeError }, { status: error.status });
  }
  return redirectWithToast(back, DONE[intent as keyof typeof DONE], { session: await getSession(request) });
}
