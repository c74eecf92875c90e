// For tests: the token in the newest mail of `template` to `to`, as the
// recipient's copy has it. Nothing the shop stores or shows contains it
// (issue 27 item 1), so a test stands in for the inbox: it derives the token
// from the queued message's nonce with the secret, as the worker does when it
// sends. The real e-mail's link is tested against a real SMTP server
// (app/models/mail/smtp.test.ts).
import { prisma } from "~/models/platform/db.server";

import { linkTokenFor } from "../../app/models/accounts/link-token.server";

export async function mailedLinkToken(to: string, template: "password-reset" | "email-change"): Promise<string> {
  const rows = await prisma.mailOutbox.findMany({ where: { to, template }, orderBy: { id: "desc" }, take: 1 });
  const nonce = (rows[0]?.data as { nonce?: string } | undefined)?.nonce;
  if (!nonce) throw new Error(`no ${template} mail to ${to}`);
  return linkTokenFor(template, nonce);
}
