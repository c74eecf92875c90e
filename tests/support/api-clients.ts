import { expect, type APIRequestContext, type APIResponse, type request as requestApi } from "@playwright/test";

// HTTP clients for the /api/users specs: each with its own cookie jar and its
// own client IP (rate-limit bucket), disposed after every test.

let clients: APIRequestContext[] = [];

/** A fresh HTTP client with its own cookie jar and its own client IP (rate-limit bucket). */
export async function newClient(playwright: typeof requestApi, baseURL: string, cookie?: string) {
  const ip = `10.${rnd()}.${rnd()}.${rnd()}`;
  const headers: Record<string, string> = { "X-Forwarded-For": ip };
  if (cookie) headers.Cookie = cookie;
  const client = await playwright.newContext({ baseURL, extraHTTPHeaders: headers });
  clients.push(client);
  return client;
}
const rnd = () => Math.floor(Math.random() * 254) + 1;
export const uniqueEmail = () => `api-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * Every body must be free of passwords and hashes: no bcrypt hash anywhere and
 * no password-ish key, except as the name of a field in validation `errors`.
 */
export async function body(res: APIResponse) {
  const text = await res.text();
  expect(text).not.toMatch(/\$2[aby]\$/);
  const json = JSON.parse(text);
  const walk = (value: unknown, parentKey = ""): void => {
    if (!value || typeof value !== "object") return;
    for (const [key, child] of Object.entries(value)) {
      if (parentKey !== "errors") expect(key, text).not.toMatch(/password|hash/i);
      walk(child, key);
    }
  };
  walk(json);
  return json;
}

export function sessionCookieOf(res: APIResponse) {
  const header = res.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__session="));
  return header?.value;
}

/** For `test.afterEach`: closes the clients the test opened. */
export async function disposeClients() {
  await Promise.all(clients.map((c) => c.dispose()));
  clients = [];
}
