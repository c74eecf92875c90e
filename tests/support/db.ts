// The Prisma client for HTTP and browser tests, pointed at the seeded test
// database that `npm test` starts (DATABASE_URL is set for the Playwright run).
export { prisma } from "~/models/platform/db.server";
