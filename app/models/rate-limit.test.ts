import { describe, expect, it } from "vitest";

import { prisma } from "~/utils/db.server";

import { ServiceError } from "./errors.server";
import { createFailureLimiter, limitAuthAttempt, TOO_MANY_ATTEMPTS } from "./rate-limit.server";

const fail = () => Promise.reject(new ServiceError(401, "Invalid email or password"));
const succeed = () => Promise.resolve("ok");

// One database per test file; every test uses keys of its own.
let n = 0;
const tag = () => `${Date.now().toString(36)}-${n++}`;

describe("createFailureLimiter", () => {
  it("blocks a key after 10 failures within a minute and frees it as they age out", async () => {
    const limiter = createFailureLimiter({ limit: 10, windowMs: 60_000 });
    const key = `ip:${tag()}`;
    const t0 = Date.now();
    const at = (ms: number) => new Date(t0 + ms);
    for (let i = 0; i < 9; i++) await limiter.recordFailure([key], at(i * 1000));
    expect(await limiter.isBlocked([key], at(9_000))).toBe(false);
    await limiter.recordFailure([key], at(9_000));
    expect(await limiter.isBlocked([key], at(9_500))).toBe(true);
    // Sliding: the first failure leaves the window 60 s after it happened.
    expect(await limiter.isBlocked([key], at(59_999))).toBe(true);
    expect(await limiter.isBlocked([key], at(60_000))).toBe(false);
  });

  it("counts each key on its own", async () => {
    const limiter = createFailureLimiter({ limit: 2 });
    const [ip, x, y, other] = [`ip:${tag()}`, `email:x${tag()}`, `email:y${tag()}`, `ip:${tag()}`];
    await limiter.recordFailure([ip, x]);
    await limiter.recordFailure([ip, y]);
    expect(await limiter.isBlocked([ip])).toBe(true);
    expect(await limiter.isBlocked([other, x])).toBe(false);
    expect(await limiter.isBlocked([other, y])).toBe(false);
  });

  it("holds across app instances: two limiters share one count", async () => {
    const [first, second] = [createFailureLimiter({ limit: 10 }), createFailureLimiter({ limit: 10 })];
    const key = `email:${tag()}`;
    for (let i = 0; i < 5; i++) await first.recordFailure([key]);
    for (let i = 0; i < 5; i++) await second.recordFailure([key]);
    expect(await first.isBlocked([key])).toBe(true);
    expect(await second.isBlocked([key])).toBe(true);
  });

  it("deletes failures older than the window when recording new ones", async () => {
    const limiter = createFailureLimiter({ windowMs: 60_000 });
    const [old, fresh] = [`ip:${tag()}`, `ip:${tag()}`];
    const t0 = Date.now();
    for (let i = 0; i < 3; i++) await limiter.recordFailure([old], new Date(t0));
    expect(await prisma.authFailure.count({ where: { key: old } })).toBe(3);
    await limiter.recordFailure([fresh], new Date(t0 + 61_000));
    expect(await prisma.authFailure.count({ where: { key: old } })).toBe(0);
    expect(await prisma.authFailure.count({ where: { key: fresh } })).toBe(1);
  });
});

describe("limitAuthAttempt", () => {
  it("answers 429 on the 11th attempt after 10 failures, without running it", async () => {
    const limiter = createFailureLimiter();
    const who = { ip: `ip-${tag()}`, email: `victim-${tag()}@example.com` };
    for (let i = 0; i < 10; i++) await expect(limitAuthAttempt(who, fail, limiter)).rejects.toMatchObject({ status: 401 });
    let ran = false;
    const attempt = limitAuthAttempt(who, async () => ((ran = true), "ok"), limiter);
    await expect(attempt).rejects.toMatchObject({ status: 429, message: TOO_MANY_ATTEMPTS });
    expect(ran).toBe(false);
  });

  it("blocks the e-mail from every IP and the IP for every e-mail", async () => {
    const limiter = createFailureLimiter();
    const [victim, fresh] = [`victim-${tag()}@example.com`, `ip-${tag()}`];
    for (let i = 0; i < 10; i++) {
      await limitAuthAttempt({ ip: `ip-${tag()}`, email: victim.toUpperCase() }, fail, limiter).catch(() => {});
    }
    await expect(limitAuthAttempt({ ip: fresh, email: victim }, succeed, limiter)).rejects.toMatchObject({ status: 429 });
    await expect(limitAuthAttempt({ ip: fresh, email: `other-${tag()}@example.com` }, succeed, limiter)).resolves.toBe("ok");
  });

  it("does not count successes or server faults", async () => {
    const limiter = createFailureLimiter();
    const who = { ip: `ip-${tag()}`, email: `a-${tag()}@example.com` };
    for (let i = 0; i < 20; i++) await limitAuthAttempt(who, succeed, limiter);
    for (let i = 0; i < 20; i++) await limitAuthAttempt(who, () => Promise.reject(new Error("db down")), limiter).catch(() => {});
    await expect(limitAuthAttempt(who, succeed, limiter)).resolves.toBe("ok");
  });

  it("counts a taken e-mail on register (400) as a failure", async () => {
    const limiter = createFailureLimiter();
    const who = { ip: `ip-${tag()}`, email: `probe-${tag()}@example.com` };
    const taken = () => Promise.reject(new ServiceError(400, "User already exists"));
    for (let i = 0; i < 10; i++) await limitAuthAttempt(who, taken, limiter).catch(() => {});
    await expect(limitAuthAttempt(who, succeed, limiter)).rejects.toMatchObject({ status: 429 });
  });
});
