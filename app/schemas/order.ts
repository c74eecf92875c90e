import { z } from "zod";

import { MAX_ID, numberish } from "./numberish";
import { addressSchema, guestEmailSchema, guestNameSchema } from "./shipping";

// Body of POST /api/orders (docs/api.md). Prices the client sends are
// only compared with the server's: `totalPrice` differing is a 409.

export const CASH_ON_DELIVERY = "Cash on Delivery";
export const PAYMENT_METHODS = [CASH_ON_DELIVERY] as const;

/** Empty strings and null mean "not given" (signed-in clients often send them). */
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/**
 * ProShop-style carts keep their totals as `toFixed(2)` strings and send them
 * so ("2643.50"); a numeric string or a number is the same amount, null none.
 */
const money = z.preprocess(
  numberish,
  z.number({ invalid_type_error: "Prices must be numbers" }).finite("Prices must be numbers").nonnegative("Prices cannot be negative").optional(),
);

const PRODUCT_ID = "product must be a product id";

/** Product ids are integers; a digit string (as older clients send ids) is accepted too. */
const productId = z.union(
  [
    z.number().int(PRODUCT_ID).positive(PRODUCT_ID).max(MAX_ID, PRODUCT_ID),
    z
      .string()
      .regex(/^\d{1,9}$/, PRODUCT_ID)
      .transform(Number),
  ],
  { errorMap: () => ({ message: PRODUCT_ID }) },
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
  /** The variant's colour (issue 38): needed for a product with colours, left out for one without. */
  color: z.string({ invalid_type_error: "color must be text" }).trim().max(60, "color must be at most 60 characters").optional(),
});

export const orderBodySchema = z.object({
  orderItems: z
    .array(orderItemSchema, { required_error: "Order is empty", invalid_type_error: "orderItems must be a list" })
    .min(1, "Order is empty")
    .max(50, "An order can have at most 50 lines"),
  shippingAddress: addressSchema.extend({
    country: z.string({ invalid_type_error: "Country must be text" }).trim().max(60, "Country must be at most 60 characters").optional(),
    // The Order shape carries them here too; the top-level fields win.
    name: optional(guestNameSchema),
    email: optional(guestEmailSchema),
  }),
  paymentMethod: z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: "paymentMethod must be Cash on Delivery" }) }).default("Cash on Delivery"),
  itemsPrice: money,
  shippingPrice: money,
  taxPrice: money,
  totalPrice: money,
  // A typed coupon code (issue 41 item 4); whether it applies is the order service's to say (400 if not).
  couponCode: optional(z.string({ invalid_type_error: "couponCode must be text" }).trim().max(60, "couponCode is at most 60 characters")),
  // Required for guests (checked by the order service, which knows who is signed in).
  name: optional(guestNameSchema),
  email: optional(guestEmailSchema),
});

export type OrderBody = z.output<typeof orderBodySchema>;

/** The admin order table's filters: what still needs doing on a cash-on-delivery order. */
export const ORDER_FILTERS = ["all", "unconfirmed", "toship", "shipped", "tocollect", "undelivered", "unpaid", "cancelled"] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];
