import bcrypt from "bcryptjs";
import { afterEach, describe, expect, it, vi } from "vitest";

import {
  adminUserApiSchema,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_LONG,
  profileApiSchema,
  registerApiSchema,
  registerSchema,
  resetPasswordApiSchema,
} from "~/schemas/user";
import { prisma } from "~/models/platform/index.server";

import { INVALID_CREDENTIALS, verifyCredentials } from "./auth.server";
import { adminDeleteUser, adminUpdateUser, getUserById, listUsers, registerUser } from "./user.server";
import { testAdmin } from "../../../tests/support/actors";

let n = 0;
const unique = () => `u${Date.now().toString(36)}${n++}@example.com`;
const register = (over: Partial<{ name: string; email: string; password: string }> = {}) =>
  registerUser({ name: "Rahim Uddin", email: unique(), password: "cotton-kurta-77", ...over });

afterEach(() => vi.restoreAllMocks());

describe("schemas", () => {
  it("register: confirmPassword must match, message on that field", () => {
    const result = registerSchema.safeParse({ name: "A", email: "a@example.com", password: "cotton-kurta-77", confirmPassword: "cotton-kurta-78" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["confirmPassword"], message: "Passwords do not match" })]);
  });

  it("register: valid e-mail, password of 8 or more, e-mail normalised", () => {
    const bad = registerSchema.safeParse({ name: "A", email: "not-an-email", password: "short", confirmPassword: "short" });
    expect(bad.error?.flatten().fieldErrors).toMatchObject({
      email: ["Enter a valid email address"],
      password: ["Password must be at least 8 characters"],
    });
    const ok = registerSchema.parse({ name: " A ", email: "  Mixed@Example.COM ", password: "cotton-kurta-77", confirmPassword: "cotton-kurta-77" });
    expect(ok).toMatchObject({ name: "A", email: "mixed@example.com" });
  });

  it("profile API: an empty password keeps the old one", () => {
    expect(profileApiSchema.parse({ name: "A", password: "" })).toEqual({ name: "A", password: undefined, currentPassword: undefined });
  });

  it("new passwords: limited by UTF-8 bytes (bcrypt reads 72), and common ones refused, on every form", () => {
    const error = (schema: typeof registerApiSchema | typeof profileApiSchema | typeof resetPasswordApiSchema, password: string) =>
      schema.safeParse({ name: "A", email: "a@example.com", token: "t", password }).error?.flatten().fieldErrors.password;
    for (const schema of [registerApiSchema, profileApiSchema, resetPasswordApiSchema]) {
      // 24 Bangla letters are 72 bytes; one more is past what bcrypt reads.
      expect(error(schema, "ক".repeat(24))).toBeUndefined();
      expect(error(schema, "ক".repeat(25))).toEqual([PASSWORD_TOO_LONG]);
      expect(error(schema, "a".repeat(72))).toBeUndefined();
      expect(error(schema, "a".repeat(73))).toEqual([PASSWORD_TOO_LONG]);
      for (const common of ["12345678", "password", "Password123", "qwerty123", "bangladesh"])
        expect(error(schema, common), common).toEqual([PASSWORD_TOO_COMMON]);
      expect(error(schema, "cotton-kurta-77")).toBeUndefined();
    }
  });

  it("admin update ignores userId", () => {
    expect(adminUserApiSchema.parse({ userId: 99, name: "A", email: "a@example.com", isAdmin: true })).toEqual({
      name: "A",
      email: "a@example.com",
      isAdmin: true,
    });
  });
});

describe("registerUser", () => {
  it("stores the e-mail lower-cased and a cost-10 bcrypt hash, never the password", async () => {
    const email = unique();
    const user = await register({ email: `  ${email.toUpperCase()} ` });
    expect(user).toEqual({ id: expect.any(Number), name: "Rahim Uddin", email, isAdmin: false, sessionVersion: 0 });
    const row = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(await bcrypt.compare("cotton-kurta-77", row.passwordHash)).toBe(true);
  });

  it("refuses an existing e-mail in any case with 'User already exists'", async () => {
    const email = unique();
    await register({ email });
    await expect(register({ email: email.toUpperCase() })).rejects.toMatchObject({
      status: 400,
      message: "User already exists",
      errors: { email: ["User already exists"] },
    });
  });

  it("lets exactly one of two racing registrations win", async () => {
    const email = unique();
    const results = await Promise.allSettled([register({ email }), register({ email })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 400, message: "User already exists" } });
    expect(await prisma.user.count({ where: { email } })).toBe(1);
  });
});

describe("verifyCredentials", () => {
  it("accepts the right password with any e-mail case", async () => {
    const user = await register();
    await expect(verifyCredentials(user.email.toUpperCase(), "cotton-kurta-77")).resolves.toMatchObject({ id: user.id });
  });

  it("answers the same for a wrong password and an unknown e-mail, after one bcrypt comparison each", async () => {
    const user = await register();
    const compare = vi.spyOn(bcrypt, "compare");
    await expect(verifyCredentials(user.email, "wrong-password")).rejects.toMatchObject({ status: 401, message: INVALID_CREDENTIALS });
    await expect(verifyCredentials(unique(), "wrong-password")).rejects.toMatchObject({ status: 401, message: INVALID_CREDENTIALS });
    expect(compare).toHaveBeenCalledTimes(2);
    // The unknown e-mail is compared against a hash of the same cost as a real one.
    const hashes = compare.mock.calls.map(([, hash]) => String(hash).slice(0, 7));
    expect(hashes[0]).toBe(hashes[1]);
  });
});

describe("administration", () => {
  const makeAdmin = async () => {
    const u = await register();
    await prisma.user.update({ where: { id: u.id }, data: { isAdmin: true } });
    return { ...u, isAdmin: true };
  };

  it("lists users without any password data", async () => {
    const user = await register();
    const users = await listUsers(testAdmin);
    expect(users).toContainEqual({ id: user.id, name: user.name, email: user.email, isAdmin: false });
    expect(JSON.stringify(users)).not.toMatch(/password/i);
  });

  it("edits a shopper, promoting them to admin", async () => {
    const [admin, shopper] = [await makeAdmin(), await register()];
    const email = unique();
    await expect(adminUpdateUser(admin, shopper.id, { name: "New Name", email, isAdmin: true })).resolves.toEqual({
      id: shopper.id,
      name: "New Name",
      email,
      isAdmin: true,
    });
  });

  it("refuses to edit or delete another admin (403)", async () => {
    const [admin, other] = [await makeAdmin(), await makeAdmin()];
    await expect(adminUpdateUser(admin, other.id, { name: "X", email: other.email, isAdmin: false })).rejects.toMatchObject({ status: 403 });
    await expect(adminDeleteUser(admin, other.id)).rejects.toMatchObject({ status: 403 });
    expect(await getUserById(other.id)).toMatchObject({ name: other.name, isAdmin: true });
  });

  it("lets an admin edit themselves but not drop their own admin flag", async () => {
    const admin = await makeAdmin();
    await expect(adminUpdateUser(admin, admin.id, { name: "Me", email: admin.email })).resolves.toMatchObject({ name: "Me", isAdmin: true });
    await expect(adminUpdateUser(admin, admin.id, { name: "Me", email: admin.email, isAdmin: false })).rejects.toMatchObject({ status: 400 });
  });

  it("deletes a shopper; their orders stay, without the user link", async () => {
    const [admin, shopper] = [await makeAdmin(), await register()];
    const order = await prisma.order.create({
      data: {
        userId: shopper.id,
        shippingName: shopper.name,
        shippingEmail: shopper.email,
        address: "1 Road",
        city: "Dhaka",
        postalCode: "1207",
        phone: "01700000000",
        itemsPaisa: 1000,
        shippingPaisa: 0,
        taxPaisa: 150,
        totalPaisa: 1150,
      },
    });
    await adminDeleteUser(admin, shopper.id);
    await expect(getUserById(shopper.id)).rejects.toMatchObject({ status: 404 });
    expect(await prisma.order.findUnique({ where: { id: order.id } })).toMatchObject({ userId: null, shippingEmail: shopper.email });
  });

  it("answers 404 for an unknown user", async () => {
    const admin = await makeAdmin();
    await expect(adminDeleteUser(admin, 999_999)).rejects.toMatchObject({ status: 404 });
    await expect(adminUpdateUser(admin, 999_999, { name: "X", email: unique() })).rejects.toMatchObject({ status: 404 });
  });
});
