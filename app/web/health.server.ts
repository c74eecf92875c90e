import { describeMailHealth, describeMailWorker, mailHealth as mailQueueHealth, type MailHealth } from "~/models/mail/index.server";
import { overdueHolds } from "~/models/orders/index.server";
import { primaryHealth, readsHealth, type InstanceState } from "~/models/platform/health.server";

// /healthcheck and /healthcheck/reads (decision 074) also say what this instance's mail worker is
// doing. The checks are platform's, the bottom layer, which imports no domain (issue 39), so the door
// puts the two together.
const instanceState: InstanceState = () => ({ "X-Mail-Worker": describeMailWorker() });

export const primaryHealthcheck = () => primaryHealth(instanceState);
export const readsHealthcheck = () => readsHealth(instanceState);

/**
 * The same queue runs the holds' jobs (decision 055), and a stuck one keeps an
 * order's stock out of sale: /healthcheck/mail and /admin/mail say that apart
 * from mail (issue 40 #7). A live expiry runs within about a minute of the
 * hold's end (a dead worker's job is freed after HOLD_STALE_LOCK_SECONDS), so
 * an order still unconfirmed and open two minutes past it is stuck. The
 * figure is orders', the rest mail's; orders sit above mail, so the door
 * puts them together (issue 39).
 */
const HOLD_OVERDUE_MS = 2 * 60_000;

export type QueueHealth = MailHealth & {
  /** Mail goes out and no hold is overdue. */
  ok: boolean;
  /** Orders unconfirmed and holding stock more than two minutes past their hold's end. */
  overdueHolds: number;
  /** Seconds past its end of the oldest such hold; null when none. */
  oldestOverdueHoldSeconds: number | null;
};

/** Is mail going out, and are holds being expired? */
export async function mailHealth(): Promise<QueueHealth> {
  const now = Date.now();
  const [mail, holds] = await Promise.all([mailQueueHealth(), overdueHolds(new Date(now - HOLD_OVERDUE_MS))]);
  return {
    ...mail,
    ok: mail.mailOk && holds.count === 0,
    overdueHolds: holds.count,
    oldestOverdueHoldSeconds: holds.oldestHoldUntil ? Math.max(0, Math.round((now - holds.oldestHoldUntil.getTime()) / 1000)) : null,
  };
}

/** What is wrong, in words: mail not going out and holds not expired are different troubles with different fixes. */
export function mailHealthProblems(h: QueueHealth): string[] {
  return [
    ...(h.mailOk ? [] : ["Mail is not going out"]),
    ...(h.overdueHolds > 0 ? ["Holds are not being expired: unconfirmed orders keep their stock past their hold"] : []),
  ];
}

/** The state in one line each, for the health endpoint's body and headers (no addresses, no recipients). */
export function describeQueueHealth(h: QueueHealth): { worker: string; queue: string; holds: string } {
  const holds =
    h.overdueHolds === 0
      ? "none overdue"
      : `${h.overdueHolds} order(s) still holding stock over 2 min past their hold, the oldest ${h.oldestOverdueHoldSeconds} s past (stuck)`;
  return { ...describeMailHealth(h), holds };
}
