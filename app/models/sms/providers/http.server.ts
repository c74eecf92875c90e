import type { SmsProvider } from "../types";

// A gateway over HTTP (issue 26). With SMS_URL set, the shop POSTs
// {"to": "01XXXXXXXXX", "text": "..."} as JSON to that gateway, with
// `Authorization: Bearer $SMS_TOKEN` when SMS_TOKEN is set; any 2xx is
// accepted, anything else is retried by the queue. docs/deploy.md says how
// to point it at a Bangladeshi gateway.

/** A gateway that does not answer within this is a failed attempt, retried later. */
const TIMEOUT_MS = 15_000;

export const http: SmsProvider = {
  name: "http",
  // Read each time, so a test can point the worker at its own server.
  configured: () => !!process.env.SMS_URL,
  reachesPhone: true,
  async send(to, text) {
    const url = process.env.SMS_URL;
    if (!url) throw new Error("SMS_URL is not set");
    const token = process.env.SMS_TOKEN || undefined;
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // The body is only for the log: a gateway's error text says what it disliked.
    const said = (await res.text().catch(() => "")).slice(0, 200);
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}${said ? `: ${said}` : ""}`);
  },
};
