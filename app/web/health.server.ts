import { describeMailWorker } from "~/models/mail/index.server";
import { primaryHealth, readsHealth, type InstanceState } from "~/models/platform/health.server";

// /healthcheck and /healthcheck/reads (decision 074) also say what this instance's mail worker is
// doing. The checks are platform's, the bottom layer, which imports no domain (issue 39), so the door
// puts the two together.
const instanceState: InstanceState = () => ({ "X-Mail-Worker": describeMailWorker() });

export const primaryHealthcheck = () => primaryHealth(instanceState);
export const readsHealthcheck = () => readsHealth(instanceState);
