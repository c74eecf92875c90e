// The two ways a courier says no (shipping/types.ts CourierProvider). Both leave nothing
// half-booked; the booking service stores the words next to the order and answers 502.

/** The courier answered and refused the parcel (bad phone, address too long, area missing): its own words. */
export class CourierRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CourierRefused";
  }
}

/** The courier could not be reached, timed out or failed on its side (5xx): retrying later is safe. */
export class CourierDown extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CourierDown";
  }
}
