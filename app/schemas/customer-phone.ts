import { z } from "zod";

import { normalizeBdMobile } from "~/utils/phone";

// Customers by phone (issue 37): the badge words and the admin's note and block, one schema for the
// page form and PUT /api/customers/phone/{phone}. No server imports: the browser uses these.

export const BADGES = ["new", "good", "risky", "blocked"] as const;
export type Badge = (typeof BADGES)[number];

/** A phone as an admin types it (+880, spaces, Bangla digits) in the shop's 11-digit form; null if it is not one. */
export const phoneKey = (input: string) => normalizeBdMobile(input);

const text = (max: number, what: string) =>
  z
    .string({ invalid_type_error: `${what} must be text` })
    .trim()
    .max(max, `${what} has at most ${max} characters`);

const flag = z.preprocess(
  (v) => (v === "on" || v === "true" ? true : v === "false" || v === "" ? false : v),
  z.boolean({ invalid_type_error: "blocked must be true or false" }),
);

/** PUT /api/customers/phone/{phone} and the page's form: leaving a field out keeps it as it is. */
export const phoneSettingsSchema = z
  .object({
    blocked: flag.optional(),
    reason: text(200, "The reason").optional(),
    note: text(1000, "The note").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.blocked && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "Say why this number is blocked" });
  });

export type PhoneSettingsInput = z.output<typeof phoneSettingsSchema>;

/** Blocking an e-mail address (the Customers by phone page). */
export const emailBlockSchema = z.object({
  email: z.string({ required_error: "Enter an e-mail address" }).trim().toLowerCase().email("Enter an e-mail address").max(254),
  reason: text(200, "The reason").min(1, "Say why this address is blocked"),
});

/** The Customers by phone page's row form: save the note, block with a reason, or unblock. */
export const phoneFormSchema = z
  .object({
    phone: z.string({ required_error: "Which phone?" }).trim().max(40),
    intent: z.enum(["note", "block", "unblock"]),
    note: text(1000, "The note").optional(),
    reason: text(200, "The reason").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.intent === "block" && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "Say why this number is blocked" });
  });
