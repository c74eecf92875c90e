import { z } from "zod";

import { isCommonPassword } from "./common-passwords";

// One schema per input, shared by the pages (conform, client and server) and
// the /api routes (parseJsonBody). The API bodies carry no confirmPassword, so
// each page schema extends its API schema and adds the match rule.

const MISMATCH = "Passwords do not match";

const email = z
  .string({ required_error: "Email is required", invalid_type_error: "Email must be text" })
  .trim()
  .min(1, "Email is required")
  .email("Enter a valid email address")
  .max(254, "Email is too long")
  .transform((v) => v.toLowerCase());

const name = z
  .string({ required_error: "Name is required", invalid_type_error: "Name must be text" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Name must be at most 100 characters");

/** bcrypt reads only the first 72 BYTES: a longer password would match anything after them. */
export const MAX_PASSWORD_BYTES = 72;
export const PASSWORD_TOO_LONG = "Password is too long: at most 72 bytes (72 English letters, about 24 Bangla letters)";
export const PASSWORD_TOO_COMMON = "This password is one of the first an attacker tries; please choose another";

/**
 * Every new password (register, reset, profile): at least 8 characters, at
 * most 72 UTF-8 bytes (Bangla letters take 3 each), and not a common one.
 */
const newPassword = z
  .string({ required_error: "Password is required", invalid_type_error: "Password must be text" })
  .min(8, "Password must be at least 8 characters")
  .refine((v) => new TextEncoder().encode(v).length <= MAX_PASSWORD_BYTES, PASSWORD_TOO_LONG)
  .refine((v) => !isCommonPassword(v), PASSWORD_TOO_COMMON);

/** Sign-in: no length rule, so an old short password still gets the generic answer. */
export const loginSchema = z.object({
  email,
  password: z
    .string({ required_error: "Password is required", invalid_type_error: "Password must be text" })
    .min(1, "Password is required")
    .max(200, "Password is too long"),
});

export const registerApiSchema = z.object({ name, email, password: newPassword });

export const registerSchema = registerApiSchema
  .extend({ confirmPassword: z.string({ required_error: "Confirm your password" }) })
  .refine((v) => v.password === v.confirmPassword, { message: MISMATCH, path: ["confirmPassword"] });

/** The password in use, asked before a new password or e-mail (checked by the service, not here). */
const currentPassword = z
  .string({ invalid_type_error: "Password must be text" })
  .max(200, "Password is too long")
  .optional()
  .transform((v) => (v === "" ? undefined : v));

/**
 * Profile update over the API: every field optional; an empty password means
 * "keep it". A new password or e-mail needs `currentPassword`; a new e-mail
 * takes effect once the link mailed to it is opened.
 */
export const profileApiSchema = z.object({
  name: name.optional(),
  email: email.optional(),
  currentPassword,
  // Checked as text first, so `null` or a number gets "Password must be text", not zod's "Invalid input".
  password: z
    .string({ invalid_type_error: "Password must be text" })
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(newPassword.optional()),
});

/** The profile page: name and e-mail are always shown, the password fields may stay empty. */
export const profileSchema = z
  .object({
    name,
    email,
    currentPassword,
    // conform turns empty inputs into undefined
    password: newPassword.optional(),
    confirmPassword: z.string().optional(),
  })
  .refine((v) => (v.password ?? "") === (v.confirmPassword ?? ""), { message: MISMATCH, path: ["confirmPassword"] });

/**
 * Admin edit of a user over the API; a `userId` in the body is ignored (zod
 * strips unknown keys) and a missing isAdmin keeps the current flag.
 */
export const adminUserApiSchema = z.object({
  name,
  email,
  isAdmin: z.boolean({ invalid_type_error: "isAdmin must be true or false" }).optional(),
});

/** The admin edit page: an unticked checkbox sends nothing, which means "not an admin". */
export const adminUserSchema = adminUserApiSchema.extend({ isAdmin: z.boolean().default(false) });

export type RegisterInput = z.output<typeof registerApiSchema>;
export type ProfileInput = z.output<typeof profileApiSchema>;
export type AdminUserInput = z.output<typeof adminUserApiSchema>;

/** The link mailed to a new e-mail address (API; the page takes it from the URL). */
export const confirmEmailApiSchema = z.object({
  token: z.string({ required_error: "Token is required", invalid_type_error: "Token must be text" }).min(1, "Token is required").max(200, "Token is too long"),
});

/** Forgot password: just the e-mail (page and API). */
export const forgotPasswordSchema = z.object({ email });

/** Reset over the API: the token from the link and the new password. */
export const resetPasswordApiSchema = z.object({
  token: z.string({ required_error: "Token is required", invalid_type_error: "Token must be text" }).min(1, "Token is required").max(200, "Token is too long"),
  password: newPassword,
});

/** The reset page: the token comes from the URL, the password twice. */
export const resetPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string({ required_error: "Confirm your password" }) })
  .refine((v) => v.password === v.confirmPassword, { message: MISMATCH, path: ["confirmPassword"] });
