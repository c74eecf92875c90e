import crypto from "node:crypto";

import pg from "pg";
import { afterAll } from "vitest";

// Each test file gets a fresh copy of the migrated template database, so tests
// never see each other's rows. The copy is dropped when the file finishes.
const adminUrl = process.env.TEST_DB_ADMIN_URL;
const template = process.env.TEST_DB_TEMPLATE;
if (!adminUrl || !template) {
  throw new Error("Run the tests through `npm test` or `npm run test:unit`: they start the test database.");
}

const name = `test_${crypto.randomBytes(6).toString("hex")}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
await admin.end();

const url = new URL(adminUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();

afterAll(async () => {
  const { prisma } = await import("~/models/platform/db.server");
  await prisma.$disconnect();
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
});
