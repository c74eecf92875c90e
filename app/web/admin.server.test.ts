import { describe, expect, it, vi } from "vitest";

import { ServiceError } from "~/models/platform/errors.server";

import { adminWrite, describeFailure, loadAdminData } from "./admin.server";

async function thrown(promise: Promise<unknown>): Promise<Response> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Response);
  return error as Response;
}

describe("admin screens that cannot load their data", () => {
  it("answer 'Error fetching data' (or the screen's fallback) for an unexpected failure, without details", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await thrown(loadAdminData(() => Promise.reject(new Error("connection refused at 10.0.0.5"))));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: "Error fetching data" });
    const custom = await thrown(loadAdminData(() => Promise.reject(new Error("x")), "Error fetching discount"));
    expect(await custom.json()).toEqual({ message: "Error fetching discount" });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("keep the server's own message and status for a broken rule", async () => {
    const res = await thrown(loadAdminData(() => Promise.reject(new ServiceError(404, "Discount not found"))));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Discount not found" });
  });

  it("let redirects (the admin guard) through untouched", async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/login" } });
    expect(await thrown(loadAdminData(() => Promise.reject(redirect)))).toBe(redirect);
    expect(() => describeFailure(redirect, "x")).toThrow();
  });
});

describe("admin writes that fail", () => {
  it("show the rule's message, or the fallback for anything unexpected", async () => {
    const broken = await adminWrite(() => Promise.reject(new ServiceError(400, "Cannot delete the default category")), "Error deleting category");
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ formError: "Cannot delete the default category" });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const crashed = await adminWrite(() => Promise.reject(new TypeError("boom")), "Error deleting discount");
    expect(crashed.status).toBe(500);
    expect(await crashed.json()).toEqual({ formError: "Error deleting discount" });
    log.mockRestore();
  });
});
