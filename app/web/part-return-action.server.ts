import { json } from "@remix-run/node";

import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { recordPartReturn } from "~/models/orders/part-return.server";
import type { Viewer } from "~/models/orders/order-access.server";
import type { OrderActionData } from "~/web/order-action.server";
import { partReturnSchema } from "~/schemas/payout";
import { describeFailure } from "~/web/admin.server";
import { parseForm } from "~/web/form.server";

/** The admin order page's "which items came back" form (decision 095): back to the page with a toast, or its error. */
export async function partReturnAction(request: Request, id: string, form: FormData, admin: Viewer, back: string) {
  const submission = parseForm(form, { schema: partReturnSchema });
  if (submission.status !== "success")
    return json<OrderActionData>({ error: "Give how many of each item came back: a whole number from 0 to the quantity ordered" }, { status: 400 });
  try {
    await recordPartReturn(id, submission.value, admin);
  } catch (error) {
    const failure = describeFailure(error, "Error recording the items that came back");
    return json<OrderActionData>({ error: failure.message }, { status: failure.status });
  }
  return redirectWithToast(back, "Items back in stock; the order is delivered", { session: await getSession(request) });
}
