import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { ServiceError } from "~/models/platform/index.server";
import {
  createFailureLimiter,
  limitAuthAttempt,
  limitRegistration,
  REGISTRATIONS_PER_IP_PER_HOUR,
  TOO_MANY_ATTEMPTS,
  TOO_MANY_REGISTRATIONS,
} from "./rate-limit.server";

const fail = () => Promise.reject(new ServiceError(401, "Invalid email or password"));
const succeed = () => Promise.resolve("ok");

// One database per test file; every test uses keys of its own.
let n = 0;
const tag = () => `${Date.now().toString(36)}-${n++}`;

describe("createFailureLimiter", () => {
  it("refuses the 11th attempt within a minute and frees the key as failures age out", async () => {
    const limiter = createFailureLimiter({ limit: 10, windowMs: 60_000 });
    const key = `ip:${tag()}`;
    const t0 = Date.now();
    const at = (ms: number) => new Date(t0 + ms);
    for (let i = 0; i < 10; i++) expect(await limiter.reserve([key], at(i * 1000))).not.toBeNull();
    expect(await limiter.reserve([key], at(9_500))).toBeNull();
    // Sliding: the first failure leaves the window 60 s after it happened.
    expect(await limiter.reserve([key], at(59_999))).toBeNull();
    expect(await limiter.reserve([key], at(60_000))).not.toBeNull();
  });

  it("keeps nothing of a refused attempt, and nothing of a released one", async () => {
    const limiter = createFailureLimiter({ limit: 1 });
    const key = `ip:${tag()}`;
    const kept = await limiter.reserve([key]);
    expect(await limiter.reserve([key])).toBeNull();
    expect(await prisma.authFailure.count({ where: { key } })).toBe(1);
    await limiter.release(kept!);
    expect(await prisma.authFailure.count({ where: { key } })).toBe(0);
  });

  it("counts each key on its own", async () => {
    const limiter = createFailureLimiter({ limit: 2 });
    const [ip, x, y, other] = [`ip:${tag()}`, `email:x${tag()}`, `email:y${tag()}`, `ip:${tag()}`];
    await limiter.reserve([ip, x]);
    await limiter.reserve([ip, y]);
    expect(await limiter.reserve([ip])).toBeNull();
    expect(await limiter.reserve([other, x])).not.toBeNull();
    expect(await limiter.reserve([other, y])).not.toBeNull();
  });

  it("holds across app instances: two limiters share one count", async () => {
    const [first, second] = [createFailureLimiter({ limit: 10 }), createFailureLimiter({ limit: 10 })];
    const key = `email:${tag()}`;
    for (let i = 0; i < 5; i++) await first.reserve([key]);
    for (let i = 0; i < 5; i++) await second.reserve([key]);
    expect(await first.reserve([key])).toBeNull();
    expect(await second.reserve([key])).toBeNull();
  });

  it("stops counting failures older than its window, and deletes them once no limiter counts them", async () => {
    const limiter = createFailureLimiter({ limit: 3, windowMs: 60_000 });
    const hourly = createFailureLimiter({ limit: 3, windowMs: 60 * 60_000 });
    const [old, fresh, hour] = [`ip:${tag()}`, `ip:${tag()}`, `register-ip:${tag()}`];
    const t0 = Date.now();
    for (let i = 0; i < 3; i++) await limiter.reserve([old], new Date(t0));
    await hourly.reserve([hour], new Date(t0));
    expect(await prisma.authFailure.count({ where: { key: old } })).toBe(3);
    // A minute later the one-minute limiter counts them no more, but the rows stay while an hour-long one may need its own.
    expect(await limiter.reserve([old], new Date(t0 + 61_000))).not.toBeNull();
    expect(await prisma.authFailure.count({ where: { key: hour } })).toBe(1);
    expect(await hourly.reserve([hour], new Date(t0 + 30 * 60_000))).not.toBeNull();
    expect(await prisma.authFailure.count({ where: { key: hour } })).toBe(2);
    // After the longest window, everything older is gone.
    await limiter.reserve([fresh], new Date(t0 + 61 * 60_000));
    expect(await prisma.authFailure.count({ where: { key: { in: [old, hour] }, at: { lte: new Date(t0) } } })).toBe(0);
    expect(await prisma.authFailure.count({ where: { key: fresh } })).toBe(1);
  });
});

describe("limitRegistration (issue 26)", () => {
  it("lets 30 accounts a hour be made from one IP, refuses the 31st with 429 and Retry-After, and takes back failed ones", async () => {
    const limiter = createFailureLimiter({ limit: REGISTRATIONS_PER_IP_PER_HOUR, windowMs: 60 * 60_000 });
    const ip = tag();
    const made = async () => "account";
    for (let i = 0; i < REGISTRATIONS_PER_IP_PER_HOUR; i++) await expect(limitRegistration(ip, made, limiter)).resolves.toBe("account");
    await expect(limitRegistration(ip, made, limiter)).rejects.toMatchObject({ status: 429, message: TOO_MANY_REGISTRATIONS, retryAfter: 3600 });
    // Another address (another household, another NAT) is not affected.
    await expect(limitRegistration(tag(), made, limiter)).resolves.toBe("account");
    // A registration that fails ("User already exists") is not an account made: it does not use up the hour.
    const other = tag();
    const refused = () => Promise.reject(new ServiceError(400, "User already exists"));
    for (let i = 0; i < REGISTRATIONS_PER_IP_PER_HOUR + 5; i++) await expect(limitRegistration(other, refused, limiter)).rejects.toMatchObject({ status: 400 });
    await expect(limitRegistration(other, made, limiter)).resolves.toBe("account");
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

  it("lets no more than 10 of 30 parallel wrong guesses run", async () => {
    const limiter = createFailureLimiter();
    const who = { ip: `ip-${tag()}`, email: `burst-${tag()}@example.com` };
    let ran = 0;
    // Each guess takes a while, like bcrypt: all 30 are in flight before the first one fails.
    const slowFail = async () => {
      ran++;
      await new Promise((resolve) => setTimeout(resolve, 200));
      throw new ServiceError(401, "Invalid email or password");
    };
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => limitAuthAttempt(who, slowFail, limiter)));
    const statuses = results.map((r) => (r.status === "rejected" ? (r.reason as ServiceError).status : 200));
    expect(ran).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 401)).toHaveLength(ran);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - ran);
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
