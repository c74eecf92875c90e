import { z } from "zod";

// A guest's way back to an order: the page takes one "email or phone" field,
// the API either `email` or `phone`; both end up as { orderNumber, email?, phone? }.

const orderNumber = z
  .string({ required_error: "Order number is required", invalid_type_error: "Order number must be text" })
  .trim()
  .min(1, "Order number is required")
  .max(30, "Order number is too long");

const text = (what: string) =>
  z
    .string({ invalid_type_error: `${what} must be text` })
    .trim()
    .max(254, `${what} is too long`);

export const orderLookupApiSchema = z
  .object({ orderNumber, email: text("Email").optional(), phone: text("Phone").optional() })
  .refine((v) => !!v.email || !!v.phone, { message: "Email or phone is required", path: ["email"] });

/** The /orders/find form: one field, an e-mail when it has an @, else a phone. */
export const orderLookupSchema = z
  .object({
    orderNumber,
    contact: z.string({ required_error: "Email or phone is required" }).trim().min(1, "Email or phone is required").max(254, "Too long"),
  })
  .transform(({ orderNumber, contact }) => (contact.includes("@") ? { orderNumber, email: contact } : { orderNumber, phone: contact }));
