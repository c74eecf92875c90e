import nodemailer, { type Transporter } from "nodemailer";

import { shopUrl } from "~/models/platform/index.server";

// Where mail goes. With SMTP_URL set, nodemailer sends over SMTP; without it
// the shop captures every message (rendered and kept for /admin/mail) and
// nothing leaves the machine: `npm start` and the tests need no mail server.

export const DEFAULT_MAIL_FROM = "TanaBana <shop@localhost>";

export type MailTransport = { mode: "smtp"; transporter: Transporter; from: string } | { mode: "capture" };

let cached: { url: string | undefined; transport: MailTransport } | null = null;

/** The transport for the current SMTP_URL (read each time, so a test can point the worker at its own server). */
export function mailTransport(): MailTransport {
  const url = process.env.SMTP_URL || undefined;
  if (cached && cached.url === url) return cached.transport;
  const transport: MailTransport = url
    ? {
        mode: "smtp",
        from: process.env.MAIL_FROM || DEFAULT_MAIL_FROM,
        // Bounded waits: a hung mail server makes a job fail and retry, never holds a worker for good.
        transporter: nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
      }
    : { mode: "capture" };
  cached = { url, transport };
  return transport;
}

/** True when a production shop has nowhere to send mail: said at start-up and on /admin/mail. */
export function mailIsCapturedInProduction() {
  return process.env.NODE_ENV === "production" && !process.env.SMTP_URL;
}

/** The host part of Message-IDs: the shop's own domain (SHOP_URL). */
export function messageIdHost() {
  return new URL(shopUrl("/")).hostname;
}
