import { jobWorkerStatus, prisma, type JobWorkerStatus } from "~/models/platform/index.server";

/*
 * Is mail going out? (issue 31 #1) Two things can stop it without any page
 * failing: this instance's worker is down (the supervisor is restarting it),
 * or the queue is stuck: the oldest message not yet sent has waited longer
 * than MAIL_STUCK_MINUTES (10), whatever the cause (every worker down, the
 * mail server refusing for that long). /healthcheck/mail answers 503 for
 * either, /healthcheck carries both in headers, and /admin/mail says so.
 * The same endpoint names a third trouble apart, holds past their end not
 * expired (the queue's other task): that figure is orders', and the web
 * layer puts the two together (app/web/health.server.ts), as orders sit
 * above mail (issue 39).
 */

export const mailStuckMinutes = () => Number(process.env.MAIL_STUCK_MINUTES) || 10;

export type MailHealth = {
  /** Mail goes out: this instance's worker runs and no message is stuck. */
  mailOk: boolean;
  /** This process runs a mail worker (MAIL_WORKER is not "off"). */
  workerHere: boolean;
  worker: JobWorkerStatus;
  /** Seconds the oldest queued or retrying message has waited; null when none waits. */
  oldestUnsentSeconds: number | null;
  unsent: number;
  failed: number;
  stuck: boolean;
  stuckMinutes: number;
};

const secondsSince = (at: Date | null | undefined, now: number) => (at ? Math.max(0, Math.round((now - at.getTime()) / 1000)) : null);

export async function mailHealth(): Promise<MailHealth> {
  const now = Date.now();
  // A code text still "queued" is its hold job's to send (it has no send job of its own until it fails once):
  // if that job is stuck, the holds are (the holds' figure says so: app/web/health.server.ts), not mail.
  const [row] = await prisma.$queryRaw<{ oldest: Date | null; unsent: number; failed: number }[]>`
    SELECT min("createdAt") AS oldest, count(*)::int AS unsent,
           (SELECT count(*)::int FROM "MailOutbox" WHERE status = 'failed') AS failed
      FROM "MailOutbox" WHERE status IN ('queued', 'retrying') AND NOT (template = 'order-code' AND status = 'queued')`;
  const worker = jobWorkerStatus();
  const workerHere = process.env.MAIL_WORKER !== "off";
  const oldestUnsentSeconds = secondsSince(row?.oldest, now);
  const stuckMinutes = mailStuckMinutes();
  const stuck = oldestUnsentSeconds !== null && oldestUnsentSeconds > stuckMinutes * 60;
  const workerDown = workerHere && (worker.workers === 0 || worker.down > 0);
  const mailOk = !stuck && !workerDown;
  return {
    mailOk,
    workerHere,
    worker,
    oldestUnsentSeconds,
    unsent: row?.unsent ?? 0,
    failed: row?.failed ?? 0,
    stuck,
    stuckMinutes,
  };
}

/** The state in one line each, for the health endpoint's body and headers (no addresses, no recipients). */
export function describeMailHealth(h: MailHealth): { worker: string; queue: string } {
  const worker = describeWorker(h.workerHere, h.worker);
  const queue =
    h.oldestUnsentSeconds === null
      ? "nothing waiting"
      : `${h.unsent} waiting, the oldest for ${h.oldestUnsentSeconds} s${h.stuck ? ` (stuck: over ${h.stuckMinutes} min)` : ""}`;
  return { worker, queue: h.failed ? `${queue}; ${h.failed} failed` : queue };
}

function describeWorker(workerHere: boolean, worker: JobWorkerStatus): string {
  return !workerHere
    ? "not run here (MAIL_WORKER=off)"
    : worker.workers === 0
      ? "down: not started"
      : worker.down > 0
        ? `down since ${worker.downSince}, restarting (${worker.restarts} restart(s) so far)`
        : `running${worker.restarts ? ` (${worker.restarts} restart(s) so far)` : ""}`;
}

/** This instance's mail worker in one line, from memory (no query): /healthcheck's X-Mail-Worker, on its 200 and its 503 alike. */
export const describeMailWorker = () => describeWorker(process.env.MAIL_WORKER !== "off", jobWorkerStatus());
