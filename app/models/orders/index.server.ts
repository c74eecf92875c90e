// The orders domain's face (docs/decisions/090): the only file other domains import. What is not
// exported here is private to orders; ESLint refuses imports of its other files from outside.
export { addToCart, loadCart } from "./cart.server";
export { callReasonOf } from "./call-reason.server";
export { confirmByCode } from "./cod-confirm.server";
export { orderLinesByColour } from "./colour-lines.server";
export { EXPIRE_HOLD_TASK, expireHold, overdueHolds } from "./cod-hold.server";
export { readOrderDTOs, readOrdersToBook, recordBookingError } from "./courier-ship.server";
export type { OrderToBook } from "./courier-ship.server";
export { applyCourierUpdate } from "./courier-updates.server";
export { markPolled, parcelsToPoll } from "./courier-poll.server";
export type { ParcelToPoll } from "./courier-poll.server";
export { registerOrderJobs } from "./jobs.server";
export { orderComposer } from "./order-messages.server";
export { recordPayoutNotice, type PayoutNotice } from "./payouts.server";
export { recordCourierPayment, recordedPayouts, type CourierPaymentOutcome, type LeftOut } from "./payout-courier.server";
export type { Viewer } from "./order-access.server";
export type { OrderDTO } from "./order-dto.server";
export { orderShortLink } from "./order-link.server";
export { cancelOrder, markShipped, markStep } from "./order-ops.server";
export { requireOrderAction } from "./order-permissions.server";
export { listOrdersPage, markPaid, placeOrder } from "./order.server";
