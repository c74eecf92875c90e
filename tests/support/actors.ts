import type { Actor } from "~/models/platform/permissions";

// Who calls a service in a unit test (decision 097): every state-changing
// service takes its actor. The shop's admin here is a session's shape, not a
// stored row; the permission map reads only the flag.
export const testAdmin: Actor = { id: 0, isAdmin: true };
export const testShopper: Actor = { id: 0, isAdmin: false };
