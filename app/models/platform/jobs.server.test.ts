import { afterAll, describe, expect, it } from "vitest";

import { prisma } from "./db.server";
import { registerJob, registeredJobs } from "./jobs.server";
import { startJobWorker, type JobWorker } from "./jobs-worker.server";

// The jobs registry (decision 094): the worker runs what the domains registered and nothing else.

let worker: JobWorker | null = null;
afterAll(() => worker?.stop());

const jobRow = (key: string) =>
  prisma.$queryRaw<{ attempts: number; locked_at: Date | null }[]>`SELECT attempts, locked_at FROM graphile_worker.jobs WHERE key = ${key}`.then(
    (rows) => rows[0] ?? null,
  );

describe("the job worker", () => {
  it("refuses to start with no task registered", async () => {
    expect(registeredJobs()).toEqual([]);
    await expect(startJobWorker()).rejects.toThrow(/no job task is registered/);
  });

  it("runs a registered task, and leaves a job of a task nobody registered on the queue, untouched", async () => {
    const ran: unknown[] = [];
    registerJob({ task: "test-registered", staleLockSeconds: () => 60, run: async (payload) => void ran.push(payload) });
    const tag = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    await prisma.$executeRaw`SELECT graphile_worker.add_job('test-registered', json_build_object('tag', ${tag}::text), job_key => ${`r:${tag}`})`;
    await prisma.$executeRaw`SELECT graphile_worker.add_job('test-unregistered', '{}'::json, job_key => ${`u:${tag}`})`;
    worker = await startJobWorker({ concurrency: 1 });
    await expect.poll(() => ran, { timeout: 15_000 }).toContainEqual({ tag });
    await expect.poll(() => jobRow(`r:${tag}`), { timeout: 10_000 }).toBeNull();
    // Given time to be taken, the unregistered one is still waiting, never attempted.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await jobRow(`u:${tag}`)).toMatchObject({ attempts: 0, locked_at: null });
    await prisma.$executeRaw`SELECT graphile_worker.remove_job(${`u:${tag}`})`;
  });
});
