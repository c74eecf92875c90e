import { CourierRefused } from "../errors.server";
import type { CourierProvider } from "../types";

// Today's way, and the default: the admin hands the parcel over and types the tracking number in
// the Shipped form (markShipped). There is nothing to call, so booking here is a refusal that says so.
export const manual: CourierProvider = {
  name: "manual",
  configured: () => true,
  async book() {
    throw new CourierRefused("Manual shipping has no courier to call: enter the tracking number in the Shipped form");
  },
  trackingUrl: () => "",
};
