// Where text messages go (issue 26). With SMS_URL set, the shop POSTs
// {"to": "01XXXXXXXXX", "text": "..."} as JSON to that gateway, with
// `Authorization: Bearer $SMS_TOKEN` when SMS_TOKEN is set; any 2xx is
// accepted, anything else is retried by the queue. Without SMS_URL every
// message is captured: kept, rendered, for admins at /admin/mail.
// docs/deploy.md says how to point it at a Bangladeshi gateway.

export type SmsTransport = { mode: "http"; send: (to: string, text: string) => Promise<void> } | { mode: "capture" };

/** A gateway that does not answer within this is a failed attempt, retried later. */
const TIMEOUT_MS = 15_000;

/** The transport for the current SMS_URL (read each time, so a test can point the worker at its own server). */
export function smsTransport(): SmsTransport {
  const url = process.env.SMS_URL || undefined;
  if (!url) return { mode: "capture" };
  const token = process.env.SMS_TOKEN || undefined;
  return {
    mode: "http",
    async send(to, text) {
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
}

/** True when messages are kept for admins rather than sent (no SMS_URL). */
export const smsIsCaptured = () => !process.env.SMS_URL;

/**
 * The demo (`npm start` on its own embedded database, SHOP_DEMO=1) may show a
 * captured code on the order page, marked as a demo, so a newcomer can finish
 * a guest order. A real deployment never does, whatever else is set.
 */
export const demoShowsCodes = () => smsIsCaptured() && process.env.SHOP_DEMO === "1";
