import { z } from "zod";

import { toLatinDigits } from "~/utils/digits";
import { BD_MOBILE_MESSAGE, normalizeBdMobile } from "~/utils/phone";

// The shipping step (page form) and the address part of the order API body.
// Length caps keep the saved address small enough for the session cookie
// (app/models/orders/cart.server.ts explains the 4 KB limit).

const required = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const DELIVERY_LABELS = ["Home", "Office"] as const;

export const POSTAL_CODE_MESSAGE = "Enter the 4-digit postal code, like 1205 (Bangla digits such as ১২০৫ are fine)";

/** Four digits, Latin or Bangla (issue 28 item 14): Dhaka GPO is 1000, Sylhet 3100. */
export function isPostalCode(value: string): boolean {
  return /^[0-9]{4}$/.test(toLatinDigits(value));
}

export const addressSchema = z.object({
  address: required("Address", 200),
  city: required("City", 80),
  // A Bangladeshi postal code: four digits, typed in Latin or Bangla digits. Kept as the buyer
  // typed it ("১২০৫" comes back as ১২০৫): only the check reads it in Latin digits (decision 060).
  postalCode: required("Postal code", 12).refine(isPostalCode, POSTAL_CODE_MESSAGE),
  // Any way a Bangladeshi mobile number is written (+880, spaces, dashes, Bangla
  // digits) is stored as the 11 digits a courier dials; anything else is refused.
  phone: required("Phone", 40).transform((value, ctx) => {
    const mobile = normalizeBdMobile(value);
    if (!mobile) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: BD_MOBILE_MESSAGE });
      return z.NEVER;
    }
    return mobile;
  }),
  deliveryLabel: z.enum(DELIVERY_LABELS, { errorMap: () => ({ message: "Choose Home or Office" }) }).default("Home"),
});

export const guestNameSchema = required("Name", 100);
export const guestEmailSchema = z
  .string({ required_error: "Email is required", invalid_type_error: "Email must be text" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .email("Enter a valid email address")
  .transform((v) => v.toLowerCase());

/** Signed-in shoppers: their account's name and e-mail go on the order. */
export const shippingSchema = addressSchema;

/** Guests also give the name and e-mail the order is for. */
export const guestShippingSchema = addressSchema.extend({ name: guestNameSchema, email: guestEmailSchema });

export type AddressInput = z.output<typeof addressSchema>;
