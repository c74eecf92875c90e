import { ServiceError } from "./errors.server";

/*
 * Who may change what, in one map (decision 097, issue 39 item 3). A permission
 * reads `action:entity:whose`, as in the Epic Stack's `delete:note:own`:
 * `any` is any row of that entity, `own` only the actor's own (their order,
 * their review). Every state-changing service calls `requirePermission` with
 * its permission before it touches anything; a door (route, API resource) only
 * asks the map early, so a refusal comes before the request's body is read.
 * The admin API matrix test is generated from `API_DOORS` (app/web/api-doors.ts).
 *
 * The order's state rules (may this order still be shipped?) stay with orders
 * (order-permissions.server.ts); its "who" half is the `…:order:…` rows here.
 */

/** The least role a permission needs. Roles nest: an admin may do what a shopper may. */
export type Role = "guest" | "shopper" | "admin";

export const PERMISSIONS = {
  // Catalogue
  "create:product:any": "admin",
  "update:product:any": "admin",
  "delete:product:any": "admin",
  "read:draft:any": "admin",
  "create:category:any": "admin",
  "update:category:any": "admin",
  "delete:category:any": "admin",
  "read:discount:any": "admin",
  "create:discount:any": "admin",
  "update:discount:any": "admin",
  "delete:discount:any": "admin",
  "create:image:any": "admin",
  "read:stock:any": "admin",
  "update:stock:any": "admin",
  "read:synonym:any": "admin",
  "update:synonym:any": "admin",
  "delete:synonym:any": "admin",
  "create:review:own": "shopper",
  "read:review:any": "admin",
  "update:review:any": "admin",
  "delete:review:any": "admin",
  // Orders and coupons
  "read:order:own": "shopper",
  "read:order:any": "admin",
  "cancel:order:own": "guest",
  "cancel:order:any": "admin",
  "pay:order:any": "admin",
  "ship:order:any": "admin",
  "deliver:order:any": "admin",
  "confirm-call:order:any": "admin",
  "receive-back:order:any": "admin",
  "book:order:any": "admin",
  "read:stats:any": "admin",
  "read:payout:any": "admin",
  "record:payout:any": "admin",
  "read:coupon:any": "admin",
  "create:coupon:any": "admin",
  "update:coupon:any": "admin",
  "delete:coupon:any": "admin",
  // Accounts
  "read:user:any": "admin",
  "update:user:any": "admin",
  "delete:user:any": "admin",
  "update:user:own": "shopper",
  // Customers: the phone record and the e-mail blocklist
  "read:phone:any": "admin",
  "update:phone:any": "admin",
  "update:blocklist:any": "admin",
  // Content, settings, mail
  "create:footer:any": "admin",
  "update:footer:any": "admin",
  "delete:footer:any": "admin",
  "update:settings:any": "admin",
  "read:mail:any": "admin",
  "retry:mail:any": "admin",
} as const satisfies Record<`${string}:${string}:${"own" | "any"}`, Role>;

export type Permission = keyof typeof PERMISSIONS;

/** Who is asking: a signed-in user (as the session holds them) or a guest. */
export type Actor = { id: number; isAdmin: boolean } | null;

const RANK: Record<Role, number> = { guest: 0, shopper: 1, admin: 2 };

export function roleOf(actor: Actor): Role {
  if (!actor) return "guest";
  return actor.isAdmin ? "admin" : "shopper";
}

/** Whether the actor's role reaches the permission's. `own` rows still need the service to check whose the row is. */
export function can(actor: Actor, permission: Permission): boolean {
  return RANK[roleOf(actor)] >= RANK[PERMISSIONS[permission]];
}

/**
 * Throws unless the actor may: 401 to a guest, 403 to a signed-in user who
 * lacks the role. The words are the API contract's (docs/api.md), unchanged.
 */
export function requirePermission(actor: Actor, permission: Permission): void {
  if (can(actor, permission)) return;
  if (!actor) throw new ServiceError(401, "Not authorized, please sign in");
  throw new ServiceError(403, "Not authorized as an admin");
}

/** `requirePermission` for a permission no guest holds, handing back the actor known to be signed in. */
export function requireSignedIn(actor: Actor, permission: Permission): NonNullable<Actor> {
  requirePermission(actor, permission);
  if (!actor) throw new ServiceError(401, "Not authorized, please sign in");
  return actor;
}

/** The permissions from a list this actor holds: what a page offers as buttons (the `actions` list). */
export function allowed<P extends Permission>(actor: Actor, permissions: readonly P[]): P[] {
  return permissions.filter((p) => can(actor, p));
}
