import { prisma } from "~/utils/db.server";

// 200 only once the database answers a query: load balancers route on this.
export async function loader() {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return new Response("OK", { headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });
  } catch (error) {
    console.error("healthcheck: database unavailable", error);
    return new Response("Database unavailable", { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
