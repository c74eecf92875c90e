import { expect, type APIRequestContext } from "@playwright/test";

import { createUser, sessionCookieFor } from "./auth";

// Cookies for the catalogue's admin API specs, and the one 401 and one 403
// each admin call is checked for.

export async function admin() {
  return { Cookie: await sessionCookieFor(await createUser({ isAdmin: true })) };
}
export async function shopper() {
  return { Cookie: await sessionCookieFor(await createUser()) };
}

/** A guest gets 401 and a signed-in shopper 403 from an admin call. */
export async function guardChecks(request: APIRequestContext, method: "post" | "put" | "delete", url: string, data?: object) {
  const guest = await request[method](url, { data });
  expect(guest.status(), `${method} ${url} as guest`).toBe(401);
  const user = await request[method](url, { data, headers: await shopper() });
  expect(user.status(), `${method} ${url} as shopper`).toBe(403);
}
