import { prisma } from "~/models/platform/db.server";

import { mailWorkerStatus, type MailWorkerStatus } from "./worker-supervisor.server";

/*
 * Is mail going out? (issue 31 #1) Two things can stop it without any page
 * failing: this instance's worker is down (the supervisor is restarting it),
 * or the queue is stuck: the oldest message not yet sent has waited longer
 * than MAIL_STUCK_MINUTES (10), whatever the cause (every worker down, the
 * mail server refusing for that long). /healthcheck/mail answers 503 for
 * either, /healthcheck carries both in headers, and /admin/mail says so.
 */

export const mailStuckMinutes = () => Number(process.env.MAIL_STUCK_MINUTES) || 10;

export type MailHealth = {
  ok: boolean;
  /** This process runs a mail worker (MAIL_WORKER is not "off"). */
  workerHere: boolean;
  worker: MailWorkerStatus;
  /** Seconds the oldest queued or retrying message has waited; null when none waits. */
  oldestUnsentSeconds: number | null;
  unsent: number;
  failed: number;
  stuck: boolean;
  stuckMinutes: number;
};

export async function mailHealth(): Promise<MailHealth> {
  const [row] = await prisma.$queryRaw<{ oldest: Date | null; unsent: number; failed: number }[]>`
    SELECT (SELECT min("createdAt") FROM "MailOutbox" WHERE status IN ('queued', 'retrying')) AS oldest,
           (SELECT count(*)::int FROM "MailOutbox" WHERE status IN ('queued', 'retrying')) AS unsent,
           (SELECT count(*)::int FROM "MailOutbox" WHERE status = 'failed') AS failed`;
  const worker = mailWorkerStatus();
  const workerHere = process.env.MAIL_WORKER !== "off";
  const oldestUnsentSeconds = row?.oldest ? Math.max(0, Math.round((Date.now() - row.oldest.getTime()) / 1000)) : null;
  const stuckMinutes = mailStuckMinutes();
  const stuck = oldestUnsentSeconds !== null && oldestUnsentSeconds > stuckMinutes * 60;
  const workerDown = workerHere && (worker.workers === 0 || worker.down > 0);
  return { ok: !stuck && !workerDown, workerHere, worker, oldestUnsentSeconds, unsent: row?.unsent ?? 0, failed: row?.failed ?? 0, stuck, stuckMinutes };
}

/** The state in one line each, for the health endpoint's body and headers (no addresses, no recipients). */
export function describeMailHealth(h: MailHealth): { worker: string; queue: string } {
  const worker = !h.workerHere
    ? "not run here (MAIL_WORKER=off)"
    : h.worker.workers === 0
      ? "down: not started"
      : h.worker.down > 0
        ? `down since ${h.worker.downSince}, restarting (${h.worker.restarts} restart(s) so far)`
        : `running${h.worker.restarts ? ` (${h.worker.restarts} restart(s) so far)` : ""}`;
  const queue =
    h.oldestUnsentSeconds === null
      ? "nothing waiting"
      : `${h.unsent} waiting, the oldest for ${h.oldestUnsentSeconds} s${h.stuck ? ` (stuck: over ${h.stuckMinutes} min)` : ""}`;
  return { worker, queue: h.failed ? `${queue}; ${h.failed} failed` : queue };
}
