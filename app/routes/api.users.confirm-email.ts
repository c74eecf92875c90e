import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { confirmEmailChange } from "~/models/accounts/profile.server";
import { toUserDTO } from "~/models/accounts/user.server";
import { confirmEmailApiSchema } from "~/schemas/user";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export const loader = () => methodNotAllowed();

/** POST /api/users/confirm-email {token}: the link mailed to a new address; the account takes it → 200 User. */
export const action = ({ request }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const { token } = await parseJsonBody(request, confirmEmailApiSchema);
    return json(toUserDTO(await confirmEmailChange(token)));
  });
