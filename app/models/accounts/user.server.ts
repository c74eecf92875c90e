import bcrypt from "bcryptjs";

import type { AdminUserInput, RegisterInput } from "~/schemas/user";
import { prisma } from "~/models/platform/index.server";

import { can, isUniqueViolation, notFound, requirePermission, requireSignedIn, ServiceError, type Actor } from "~/models/platform/index.server";

/** A user as every response shows it: never a password or hash. */
export type UserDTO = { id: number; name: string; email: string; isAdmin: boolean };
/** What the server needs to (re)issue a sign-in; stays on the server. */
export type AccountUser = UserDTO & { sessionVersion: number };

export const BCRYPT_COST = 10;

const accountSelect = { id: true, name: true, email: true, isAdmin: true, sessionVersion: true } as const;

export function toUserDTO(user: UserDTO): UserDTO {
  return { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin };
}

export function hashPassword(password: string) {
  return bcrypt.hash(password, BCRYPT_COST);
}

// The unique index on email is the real guard: two racing registrations with
// one address cannot both pass a "does it exist?" check, but only one insert wins.
const isEmailTaken = isUniqueViolation;

function emailInUse(message: string) {
  return new ServiceError(400, message, { email: [message] });
}

export async function registerUser(input: RegisterInput): Promise<AccountUser> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await prisma.user.create({
      data: { name: input.name, email: input.email.trim().toLowerCase(), passwordHash },
      select: accountSelect,
    });
  } catch (error) {
    if (isEmailTaken(error)) throw emailInUse("User already exists");
    throw error;
  }
}

export async function getAccount(userId: number): Promise<AccountUser> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: accountSelect });
  if (!user) throw notFound("User");
  return user;
}

// ---- administration -------------------------------------------------------

const userSelect = { id: true, name: true, email: true, isAdmin: true } as const;

export async function listUsers(actor: Actor): Promise<UserDTO[]> {
  requirePermission(actor, "read:user:any");
  return prisma.user.findMany({ orderBy: { id: "asc" }, select: userSelect });
}

export async function getUserById(id: number): Promise<UserDTO> {
  return toUserDTO(await getAccount(id));
}

export type UserAction = "edit" | "delete" | "change-admin";

/**
 * What an actor may do to one account: the rule the services below enforce,
 * and the `actions` list the admin pages show buttons from (decision 097).
 * Admins are peers: one may edit themselves but never another admin, and may
 * not drop their own flag; no admin account is deleted.
 */
export function userActions(actor: Actor, target: { id: number; isAdmin: boolean }): UserAction[] {
  const self = actor !== null && actor.id === target.id;
  const peer = target.isAdmin && !self;
  const out: UserAction[] = [];
  if (can(actor, "update:user:any") && !peer) out.push("edit");
  if (can(actor, "update:user:any") && !peer && !self) out.push("change-admin");
  if (can(actor, "delete:user:any") && !target.isAdmin) out.push("delete");
  return out;
}

function assertMayManage(actor: { id: number; isAdmin: boolean }, target: { id: number; isAdmin: boolean }, verb: "edit" | "delete") {
  if (!userActions(actor, target).includes("edit")) {
    throw new ServiceError(403, `You cannot ${verb} another admin`);
  }
}

export async function adminUpdateUser(by: Actor, id: number, input: AdminUserInput): Promise<UserDTO> {
  const actor = requireSignedIn(by, "update:user:any");
  const target = await getAccount(id);
  assertMayManage(actor, target, "edit");
  // Dropping one's own flag could leave the shop with no admin at all.
  if (!userActions(actor, target).includes("change-admin") && input.isAdmin === false) {
    throw new ServiceError(400, "You cannot remove your own admin rights", { isAdmin: ["You cannot remove your own admin rights"] });
  }
  try {
    // The guard and the write are one statement: a target promoted in the meantime is not touched.
    const { count } = await prisma.user.updateMany({
      where: target.id === actor.id ? { id } : { id, isAdmin: false },
      data: {
        name: input.name,
        email: input.email.trim().toLowerCase(),
        ...(input.isAdmin === undefined ? {} : { isAdmin: input.isAdmin }),
      },
    });
    if (count === 0) throw await vanishedOr403(id, "You cannot edit another admin");
  } catch (error) {
    if (isEmailTaken(error)) throw emailInUse("Email is already in use");
    throw error;
  }
  return getUserById(id);
}

export async function adminDeleteUser(by: Actor, id: number): Promise<void> {
  const actor = requireSignedIn(by, "delete:user:any");
  const target = await getAccount(id);
  assertMayManage(actor, target, "delete");
  // An admin's own account goes only after someone else removes the flag: the shop keeps its admins.
  if (target.isAdmin) throw new ServiceError(403, "You cannot delete an admin");
  // Orders and reviews keep their copies of name and e-mail (onDelete: SetNull).
  const { count } = await prisma.user.deleteMany({ where: { id, isAdmin: false } });
  if (count === 0) throw await vanishedOr403(id, "You cannot delete an admin");
}

/** A guarded write touched nothing: the user was deleted meanwhile (404) or became an admin (403). */
async function vanishedOr403(id: number, message: string) {
  const exists = await prisma.user.count({ where: { id } });
  return exists ? new ServiceError(403, message) : notFound("User");
}

/** The name and e-mail an order copies from its buyer's account as it is placed; null for no such user. */
export async function buyerContact(userId: number): Promise<{ id: number; name: string; email: string } | null> {
  return prisma.user.findUnique({ where: { id: userId }, select: { id: true, name: true, email: true } });
}
