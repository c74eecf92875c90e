// The shipping domain's face (issue 36, decision 088): the only module other domains import.
// Couriers work like the SMS transport: `manual` needs nothing; the others are configured by their
// secrets in the environment (read on each call) and switched on by an admin at /admin/settings.

export { bookOrder, bookOrders, type BulkBooking } from "./booking.server";
export { CourierDown, CourierRefused } from "./errors.server";
export {
  bookableCouriers,
  courierPhoneRecord,
  courierProvider,
  courierSetup,
  defaultCourier,
  enabledCouriers,
  isCourierName,
  trackingUrlFor,
} from "./registry.server";
export type { CourierProvider } from "./types";
export { registerShippingJobs } from "./jobs.server";
export { COURIER_POLL_TASK, pollCouriers, type PollResult } from "./poll.server";
export { checkPayoutsNow, PAYOUT_POLL_TASK, payoutCouriers, payoutPollHours, pollPayouts, type PayoutCheck } from "./payout-poll.server";
export {
  areaPickerState,
  checkedArea,
  courierPlaces,
  rememberedArea,
  type AreaChoice,
  type AreaCourier,
  type AreaPickerState,
  type Place,
} from "./areas.server";
