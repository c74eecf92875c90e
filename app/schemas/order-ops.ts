import { z } from "zod";

// Order operations: cancelling (page form and PUT /api/orders/{id}/cancel) and
// the admin order list's filters. No server imports: the browser uses these.

export const CANCEL_REASONS = ["refused", "customer-asked", "out-of-stock", "other"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  refused: "Refused at the door",
  "customer-asked": "Customer asked",
  "out-of-stock": "Out of stock",
  other: "Other",
};

const REASON_MESSAGE = `reason must be one of ${CANCEL_REASONS.join(", ")}`;

/**
 * A shopper's cancel form sends no reason (it is always "customer asked", set
 * by the service); an admin must choose one.
 */
export const cancelOrderSchema = z.object({
  reason: z.enum(CANCEL_REASONS, { errorMap: () => ({ message: REASON_MESSAGE }) }).optional(),
});

export type CancelOrderInput = z.output<typeof cancelOrderSchema>;
