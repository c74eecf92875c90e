// `node scripts/migrate.mjs`: the schema for a release (fly.toml's release
// command): Prisma's migrations, then the mail queue's (graphile-worker).
// Runs on a session connection: DIRECT_DATABASE_URL past a pooler, else DATABASE_URL.
import { migrate } from "./db-tasks.mjs";

const url = process.env.DIRECT_DATABASE_URL || process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set");
  process.exit(1);
}
await migrate(url, { quiet: false });
console.log("database schema up to date (Prisma and the mail queue)");
