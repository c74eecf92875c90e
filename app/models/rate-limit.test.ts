import { describe, expect, it } from "vitest";

import { ServiceError } from "./errors.server";
import { createFailureLimiter, limitAuthAttempt, TOO_MANY_ATTEMPTS } from "./rate-limit.server";

const fail = () => Promise.reject(new ServiceError(401, "Invalid email or password"));
const succeed = () => Promise.resolve("ok");

describe("createFailureLimiter", () => {
  it("blocks a key after 10 failures within a minute and frees it as they age out", () => {
    const limiter = createFailureLimiter({ limit: 10, windowMs: 60_000 });
    const t0 = 1_000_000;
    for (let i = 0; i < 9; i++) limiter.recordFailure(["ip:a"], t0 + i * 1000);
    expect(limiter.isBlocked(["ip:a"], t0 + 9_000)).toBe(false);
    limiter.recordFailure(["ip:a"], t0 + 9_000);
    expect(limiter.isBlocked(["ip:a"], t0 + 9_500)).toBe(true);
    // Sliding: the first failure leaves the window 60 s after it happened.
    expect(limiter.isBlocked(["ip:a"], t0 + 59_999)).toBe(true);
    expect(limiter.isBlocked(["ip:a"], t0 + 60_000)).toBe(false);
  });

  it("counts each key on its own", () => {
    const limiter = createFailureLimiter({ limit: 2 });
    limiter.recordFailure(["ip:a", "email:x@example.com"]);
    limiter.recordFailure(["ip:a", "email:y@example.com"]);
    expect(limiter.isBlocked(["ip:a"])).toBe(true);
    expect(limiter.isBlocked(["ip:b", "email:x@example.com"])).toBe(false);
    expect(limiter.isBlocked(["ip:b", "email:y@example.com"])).toBe(false);
  });

  it("keeps memory bounded under a spray of distinct keys", () => {
    const limiter = createFailureLimiter({ maxKeys: 100, windowMs: 1000 });
    for (let i = 0; i < 150; i++) limiter.recordFailure([`email:${i}@example.com`], 0);
    expect(limiter.size).toBeLessThanOrEqual(100);
    // Once they expire, the next sweep drops them all.
    for (let i = 0; i < 101; i++) limiter.recordFailure([`email:new${i}@example.com`], 5000);
    expect(limiter.size).toBeLessThanOrEqual(100);
  });
});

describe("limitAuthAttempt", () => {
  it("answers 429 on the 11th attempt after 10 failures, without running it", async () => {
    const limiter = createFailureLimiter();
    const who = { ip: "10.0.0.1", email: "victim@example.com" };
    for (let i = 0; i < 10; i++) await expect(limitAuthAttempt(who, fail, limiter)).rejects.toMatchObject({ status: 401 });
    let ran = false;
    const attempt = limitAuthAttempt(who, async () => ((ran = true), "ok"), limiter);
    await expect(attempt).rejects.toMatchObject({ status: 429, message: TOO_MANY_ATTEMPTS });
    expect(ran).toBe(false);
  });

  it("blocks the e-mail from every IP and the IP for every e-mail", async () => {
    const limiter = createFailureLimiter();
    for (let i = 0; i < 10; i++) {
      await limitAuthAttempt({ ip: `10.0.1.${i}`, email: "Victim@Example.com" }, fail, limiter).catch(() => {});
    }
    await expect(limitAuthAttempt({ ip: "10.0.2.1", email: "victim@example.com" }, succeed, limiter)).rejects.toMatchObject({
      status: 429,
    });
    await expect(limitAuthAttempt({ ip: "10.0.2.1", email: "other@example.com" }, succeed, limiter)).resolves.toBe("ok");
  });

  it("does not count successes or server faults", async () => {
    const limiter = createFailureLimiter();
    const who = { ip: "10.0.3.1", email: "a@example.com" };
    for (let i = 0; i < 20; i++) await limitAuthAttempt(who, succeed, limiter);
    for (let i = 0; i < 20; i++) await limitAuthAttempt(who, () => Promise.reject(new Error("db down")), limiter).catch(() => {});
    await expect(limitAuthAttempt(who, succeed, limiter)).resolves.toBe("ok");
  });

  it("counts a taken e-mail on register (400) as a failure", async () => {
    const limiter = createFailureLimiter();
    const who = { ip: "10.0.4.1", email: "probe@example.com" };
    const taken = () => Promise.reject(new ServiceError(400, "User already exists"));
    for (let i = 0; i < 10; i++) await limitAuthAttempt(who, taken, limiter).catch(() => {});
    await expect(limitAuthAttempt(who, succeed, limiter)).rejects.toMatchObject({ status: 429 });
  });
});
