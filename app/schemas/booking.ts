import { z } from "zod";

// Booking orders with a courier (issue 36): the order page's and list's forms and
// POST /api/orders/{id}/book, POST /api/orders/book. No server imports: the browser uses these.

/** orders/types.ts COURIER_NAMES again (schemas import no models); registry.server.ts checks they match. */
export const COURIER_NAMES = ["manual", "steadfast", "pathao", "redx"] as const;

const courier = z.enum(COURIER_NAMES, { errorMap: () => ({ message: `courier must be one of ${COURIER_NAMES.join(", ")}` }) });

export const bookOrderSchema = z.object({ courier });

/** Steadfast books at most 500 in one call; a bigger selection is split by the admin. */
export const BULK_MAX = 500;

export const bookOrdersSchema = z.object({
  courier,
  orderIds: z.preprocess(
    (v) => (typeof v === "string" ? [v] : v),
    z
      .array(z.string({ invalid_type_error: "orderIds must be order ids" }).trim().min(1).max(60), {
        required_error: "Select at least one order",
        invalid_type_error: "orderIds must be a list of order ids",
      })
      .min(1, "Select at least one order")
      .max(BULK_MAX, `Book at most ${BULK_MAX} orders at once`),
  ),
});

export type BookOrdersInput = z.output<typeof bookOrdersSchema>;
