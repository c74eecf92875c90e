import { requirePermission, type Actor } from "~/models/platform/index.server";
import { prisma } from "~/models/platform/index.server";

import { MAIL_MAX_ATTEMPTS, SEND_MAIL_TASK, type MailTemplate } from "./outbox.server";
import { CODE_HIDDEN } from "./sms-send.server";

// What /admin/mail reads and does: the outbox, newest first, one message in
// full, and a retry for a message that ran out of attempts.

export const MAIL_PAGE_SIZE = 25;

export type MailRow = {
  id: string;
  to: string;
  template: MailTemplate;
  subject: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

const rowSelect = { id: true, to: true, template: true, subject: true, status: true, attempts: true, lastError: true, createdAt: true, sentAt: true } as const;
// Read to hide a code, never shown.
const codeSelect = { channel: true, data: true } as const;

/**
 * Only a captured text shows its cash-on-delivery code (issue 40): one sent
 * through the gateway reached the buyer's phone, and its code is theirs. The
 * worker keeps such texts without the code (mail/sms-send.server.ts); this also
 * hides it in texts sent before it did.
 */
function hideSentCode<T extends { subject: string | null; text?: string | null }>(r: T & { channel: string; status: string; data: unknown }): T {
  const { channel, data, ...row } = r;
  const code = (data as { code?: unknown } | null)?.code;
  if (channel !== "sms" || r.status === "captured" || typeof code !== "string" || !code) return row as unknown as T;
  const hide = (s: string | null | undefined) => s?.replaceAll(code, CODE_HIDDEN) ?? null;
  return { ...row, subject: hide(row.subject), ...(row.text !== undefined ? { text: hide(row.text) } : {}) } as unknown as T;
}

function toRow(r: {
  id: bigint;
  to: string;
  template: string;
  subject: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}): MailRow {
  return { ...r, id: String(r.id), template: r.template as MailTemplate, createdAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null };
}

export async function listMail(actor: Actor, { page = 1, to }: { page?: number; to?: string }) {
  requirePermission(actor, "read:mail:any");
  const where = to ? { to: { contains: to.trim(), mode: "insensitive" as const } } : {};
  const [rows, count] = await Promise.all([
    prisma.mailOutbox.findMany({
      where,
      select: { ...rowSelect, ...codeSelect },
      orderBy: { id: "desc" },
      skip: (page - 1) * MAIL_PAGE_SIZE,
      take: MAIL_PAGE_SIZE,
    }),
    prisma.mailOutbox.count({ where }),
  ]);
  return { messages: rows.map((r) => toRow(hideSentCode(r))), page, pages: Math.max(1, Math.ceil(count / MAIL_PAGE_SIZE)) };
}

export async function getMail(actor: Actor, id: bigint) {
  requirePermission(actor, "read:mail:any");
  const found = await prisma.mailOutbox.findUnique({ where: { id }, select: { ...rowSelect, ...codeSelect, html: true, text: true } });
  if (!found) return null;
  const row = hideSentCode(found);
  return { ...toRow(row), html: row.html, text: row.text };
}

/**
 * Puts a failed message back in the queue with a fresh set of attempts: the
 * row says queued again and its job is replaced (graphile-worker resets the
 * attempts of a job re-added under the same key; the row's count starts
 * again at 0, so it gets a fresh day of retries). Only failed messages: a
 * queued or retrying one is already on its way, and a sent one stays sent.
 */
export async function retryMail(actor: Actor, id: bigint): Promise<boolean> {
  requirePermission(actor, "retry:mail:any");
  return prisma.$transaction(async (tx) => {
    const row = await tx.mailOutbox.findUnique({ where: { id }, select: { key: true, status: true } });
    if (!row || row.status !== "failed") return false;
    await tx.mailOutbox.update({ where: { id }, data: { status: "queued", lastError: null, attempts: 0 } });
    await tx.$executeRaw`
      SELECT graphile_worker.add_job(${SEND_MAIL_TASK}, json_build_object('key', ${row.key}::text),
        job_key => ${row.key}::text, job_key_mode => 'replace', max_attempts => ${MAIL_MAX_ATTEMPTS}::int)`;
    return true;
  });
}

/**
 * Every failed message back in the queue at once (after a long mail outage,
 * say), each as retryMail would: one statement, so the rows and their jobs
 * change together. Returns how many were queued again.
 */
export async function retryAllFailedMail(actor: Actor): Promise<number> {
  requirePermission(actor, "retry:mail:any");
  const rows = await prisma.$queryRaw<{ n: number }[]>`
    WITH f AS (
      UPDATE "MailOutbox" SET status = 'queued', "lastError" = NULL, attempts = 0 WHERE status = 'failed' RETURNING key),
    j AS (
      SELECT graphile_worker.add_job(${SEND_MAIL_TASK}, json_build_object('key', f.key),
        job_key => f.key, job_key_mode => 'replace', max_attempts => ${MAIL_MAX_ATTEMPTS}::int) FROM f)
    SELECT count(*)::int AS n FROM j`;
  return rows[0]?.n ?? 0;
}
