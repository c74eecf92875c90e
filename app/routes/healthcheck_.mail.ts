import { describeQueueHealth, mailHealth, mailHealthProblems } from "~/web/health.server";
import { outageReason } from "~/models/platform/health.server";

/**
 * /healthcheck/mail: is mail going out? 200 when this instance's mail worker
 * runs (or is off here by MAIL_WORKER=off) and no message has waited longer
 * than MAIL_STUCK_MINUTES, and no unconfirmed order keeps its stock over 2
 * minutes past its hold (the same queue expires holds); 503 otherwise, with
 * the trouble named in the body's first line and the headers.
 * For monitoring and alerts, not for load balancers: an instance whose mail is
 * stuck still serves the shop (docs/deploy.md, "What to watch").
 */
export async function loader() {
  const headers = new Headers({ "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" });
  try {
    const health = await mailHealth();
    const said = describeQueueHealth(health);
    headers.set("X-Mail-Worker", said.worker);
    headers.set("X-Mail-Queue", said.queue);
    headers.set("X-Holds", said.holds);
    const problems = mailHealthProblems(health);
    const body = `${problems.length ? problems.join("; ") : "OK"}\nworker: ${said.worker}\nqueue: ${said.queue}\nholds: ${said.holds}\n`;
    return new Response(body, { status: health.ok ? 200 : 503, headers });
  } catch (error) {
    console.error(`healthcheck/mail: database unavailable (${outageReason(error)})`);
    headers.set("Retry-After", "5");
    return new Response("Database unavailable\n", { status: 503, headers });
  }
}
