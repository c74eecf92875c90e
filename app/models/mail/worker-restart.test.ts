import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { address, product } from "../../../tests/support/order.fixtures";
import { placeOrder } from "~/models/orders/index.server";
import { mailHealth } from "./mail-health.server";
import { jobWorkerStatus as mailWorkerStatus } from "~/models/platform/index.server";
import { startWorker, type JobWorker as MailWorker } from "../../../tests/support/jobs";

// Issue 31 #1: PostgreSQL goes away while the worker is sending. Both of its
// workers then fail to release their jobs and end ("committing seppuku"); the
// supervisor must start a new runner by itself, so mail queued afterwards is
// still sent. The outage is real: this file's database refuses connections
// and every backend of it is terminated (pg_terminate_backend), for 2 s.

const received: { to: string[]; at: number; language?: string }[] = [];
let inFlight = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    inFlight += 1;
    let head = "";
    stream.on("data", (chunk: Buffer) => void (head += chunk.toString("utf8")));
    // Slow to accept, so the database can go away while both sends are in flight.
    stream.on("end", () =>
      setTimeout(() => {
        inFlight -= 1;
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), at: Date.now(), language: /^Content-Language:\s*(\S+)/im.exec(head)?.[1] });
        callback();
      }, 1_500),
    );
  },
});

const database = new URL(process.env.DATABASE_URL!).pathname.slice(1);
async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DB_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The database refuses new connections and loses every open one, for `ms`. */
async function outage(ms: number) {
  await admin(async (c) => {
    await c.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`);
    await c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database]);
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  await admin((c) => c.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`));
}

let worker: MailWorker;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  process.env.MAIL_WORKER_RESTART_MS = "500";
  worker = await startWorker({ concurrency: 2 });
});

afterAll(async () => {
  await worker.stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  delete process.env.SMTP_URL;
});

const delivered = (to: string) => received.filter((m) => m.to.includes(to)).length;

describe("the mail worker after a database outage", () => {
  it("starts again by itself: mail queued after the outage is sent, and so is the mail that was in flight", { timeout: 60_000 }, async () => {
    const p = await product(400, { M: 10 });
    const order = (to: string) => placeOrder({ name: "Outage Buyer", email: to, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    const before = ["before-1@example.com", "before-2@example.com"];
    await Promise.all(before.map(order));
    // Both workers are mid-send when the database goes.
    await expect.poll(() => inFlight, { timeout: 15_000, interval: 20 }).toBe(2);
    await outage(2_000);

    await expect.poll(() => mailWorkerStatus().restarts, { timeout: 15_000 }).toBeGreaterThan(0);
    const after = "after@example.com";
    await order(after);
    await expect.poll(() => delivered(after), { timeout: 30_000, interval: 200 }).toBe(1);
    await expect.poll(() => before.every((to) => delivered(to) >= 1), { timeout: 30_000, interval: 200 }).toBe(true);
    // Every e-mail ends sent (an in-flight one may have gone twice: decision 034's window); the guests'
    // confirmation texts (decision 055) are captured, there being no SMS_URL here.
    await expect.poll(() => prisma.mailOutbox.count({ where: { channel: "email", status: { not: "sent" } } }), { timeout: 30_000, interval: 200 }).toBe(0);
    expect(await prisma.mailOutbox.count({ where: { channel: "sms", status: { not: "captured" } } })).toBe(0);
    expect(mailWorkerStatus()).toMatchObject({ workers: 1, down: 0 });
    expect(received.find((m) => m.to.includes(after))?.language).toBe("en");
  });

  it("/healthcheck/mail's view: a message waiting longer than MAIL_STUCK_MINUTES means the queue is stuck", async () => {
    expect(await mailHealth()).toMatchObject({ mailOk: true, stuck: false });
    // A message queued 11 minutes ago and still not sent (its job is held far in the future).
    await prisma.$executeRaw`
      INSERT INTO "MailOutbox" (key, "to", template, data, "createdAt")
      VALUES ('stuck:1', 'stuck@example.com', 'order-placed', '{"orderId":"x"}', now() - interval '11 minutes')`;
    const stuck = await mailHealth();
    expect(stuck).toMatchObject({ mailOk: false, stuck: true, unsent: 1 });
    expect(stuck.oldestUnsentSeconds).toBeGreaterThanOrEqual(660);
  });
});
