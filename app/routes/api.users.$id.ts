import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { adminDeleteUser, adminUpdateUser, getUserById } from "~/models/accounts/user.server";
import { adminUserApiSchema } from "~/schemas/user";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/web/http.server";

/** GET /api/users/{id} (admin). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiHandler(async () => {
    await apiDoor(request, "/api/users/:id");
    return json(await getUserById(parseId(params.id, "User")));
  });

/** PUT (name, email, isAdmin; userId ignored) and DELETE (admin); never another admin. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
    const admin = await apiDoor(request, "/api/users/:id");
    const id = parseId(params.id, "User");
    if (request.method === "DELETE") {
      await adminDeleteUser(admin, id);
      return json({ message: "User removed" });
    }
    const body = await parseJsonBody(request, adminUserApiSchema);
    return json(await adminUpdateUser(admin, id, body));
  });
