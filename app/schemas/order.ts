import { z } from "zod";

import { addressSchema, guestEmailSchema, guestNameSchema } from "./shipping";

// Body of POST /api/orders (../shared/API.md). Prices the client sends are
// only compared with the server's: `totalPrice` differing is a 409.

export const CASH_ON_DELIVERY = "Cash on Delivery";
export const PAYMENT_METHODS = [CASH_ON_DELIVERY] as const;

/** Empty strings and null mean "not given" (signed-in clients often send them). */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

const money = z.number({ invalid_type_error: "Prices must be numbers" }).finite().nonnegative();

/** Product ids are integers; a digit string (as older clients send ids) is accepted too. */
const productId = z.union(
  [z.number().int().positive(), z.string().regex(/^\d{1,9}$/).transform(Number)],
  { errorMap: () => ({ message: "product must be a product id" }) },
);

export const orderItemSchema = z.object({
  product: productId,
  qty: z
    .number({ required_error: "qty is required", invalid_type_error: "qty must be a number" })
    .int("qty must be a whole number")
    .min(1, "qty must be at least 1")
    .max(1000, "qty must be at most 1000"),
  selectedSize: z
    .string({ required_error: "selectedSize is required", invalid_type_error: "selectedSize must be text" })
    .trim()
    .min(1, "selectedSize is required")
    .max(40),
});

export const orderBodySchema = z.object({
  orderItems: z
    .array(orderItemSchema, { required_error: "Order is empty", invalid_type_error: "orderItems must be a list" })
    .min(1, "Order is empty")
    .max(50, "An order can have at most 50 lines"),
  shippingAddress: addressSchema.extend({
    country: z.string().trim().max(60).optional(),
    // The Order shape carries them here too; the top-level fields win.
    name: optional(guestNameSchema),
    email: optional(guestEmailSchema),
  }),
  paymentMethod: z
    .enum(PAYMENT_METHODS, { errorMap: () => ({ message: "paymentMethod must be Cash on Delivery" }) })
    .default("Cash on Delivery"),
  itemsPrice: money.optional(),
  shippingPrice: money.optional(),
  taxPrice: money.optional(),
  totalPrice: money.optional(),
  // Required for guests (checked by the order service, which knows who is signed in).
  name: optional(guestNameSchema),
  email: optional(guestEmailSchema),
});

export type OrderBody = z.output<typeof orderBodySchema>;
