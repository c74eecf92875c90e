import { prisma } from "~/utils/db.server";

/** A frozen database never answers: a load balancer must hear "unavailable" well within its own timeout. */
const HEALTH_TIMEOUT_MS = 1_500;

function timeout(ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${ms} ms`)), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

// 200 only once the database answers a query: load balancers route on this.
export async function loader() {
  const limit = timeout(HEALTH_TIMEOUT_MS);
  try {
    await Promise.race([prisma.$queryRaw`SELECT 1`, limit.promise]);
    return new Response("OK", { headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });
  } catch (error) {
    console.error(`healthcheck: database unavailable (${error instanceof Error ? error.message.split("\n")[0] : error})`);
    return new Response("Database unavailable", { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "5" } });
  } finally {
    limit.cancel();
  }
}
