// A message's state in words, coloured like the order list's states.
const LOOK: Record<string, [string, string]> = {
  queued: ["Queued", "bg-stone-100 text-stone-700"],
  retrying: ["Retrying", "bg-amber-100 text-amber-900"],
  sent: ["Sent", "bg-green-100 text-green-800"],
  captured: ["Captured (not sent)", "bg-sky-100 text-sky-900"],
  failed: ["Failed", "bg-red-100 text-red-800"],
  // A later change made it moot (paid said in the delivered e-mail, a corrected tracking number): the reason is shown.
  skipped: ["Not needed", "bg-stone-100 text-stone-600"],
};

export function MailStatus({ status }: { status: string }) {
  const [label, look] = LOOK[status] ?? [status, "bg-stone-100 text-stone-700"];
  return <span className={`inline-block rounded-md px-2 py-0.5 text-xs font-semibold sm:whitespace-nowrap sm:rounded-full ${look}`}>{label}</span>;
}

/** Said on /admin/mail when a production shop has no SMTP_URL: nothing is sent, and the page must not look as if it were. */
export function CaptureBanner({ production }: { production: boolean }) {
  return production ? (
    <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      SMTP_URL is not set: no e-mail leaves this shop. Messages are kept here only. Set SMTP_URL and MAIL_FROM to send them.
    </p>
  ) : (
    <p className="mb-4 rounded-md bg-sky-50 px-4 py-3 text-sm text-sky-900">
      No SMTP_URL here, so messages are captured, not sent: read them below. Nothing leaves this machine.
    </p>
  );
}

type Health = { ok: boolean; stuck: boolean; workerDown: boolean; worker: string; queue: string };

/** Whether mail is going out (the same check as /healthcheck/mail): said on /admin/mail when it is not. */
export function MailHealthBanner({ health }: { health: Health }) {
  if (health.ok) {
    return (
      <p className="mb-4 text-sm text-stone-600">
        Mail worker {health.worker}; {health.queue}.
      </p>
    );
  }
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">{health.stuck ? "Mail is stuck: messages are not going out." : "The mail worker on this server is down."}</p>
      <p>Worker: {health.worker}.</p>
      <p>Queue: {health.queue}.</p>
    </div>
  );
}
