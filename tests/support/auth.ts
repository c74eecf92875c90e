import type { BrowserContext } from "@playwright/test";
import bcrypt from "bcryptjs";

import { sessionStorage } from "~/models/accounts/session.server";

import { prisma } from "./db";

export const demo = {
  admin: { email: "admin@example.com", password: "admin12345" },
  shopper: { email: "shopper@example.com", password: "shopper12345" },
};

/** A fresh shopper (or admin) of the test's own, so tests never share accounts. */
export async function createUser({ isAdmin = false, password = "cotton-kurta-77", name = "" } = {}) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const user = await prisma.user.create({
    data: {
      name: name || `Test ${isAdmin ? "Admin" : "Shopper"} ${tag}`,
      email: `test-${tag}@example.com`,
      passwordHash: await bcrypt.hash(password, 4),
      isAdmin,
    },
  });
  return { ...user, password };
}

/**
 * A shopper the shop already knows: an account with one delivered order, under a phone of its own.
 * Its new orders are confirmed at once (decision 093); a fresh account's first order waits for its code.
 */
export async function createReturningUser() {
  const user = await createUser();
  await prisma.order.create({
    data: {
      userId: user.id,
      shippingName: user.name,
      shippingEmail: user.email,
      address: "House 1, Road 1",
      city: "Dhaka",
      postalCode: "1205",
      phone: `019${String(Date.now() + Math.floor(Math.random() * 1000)).slice(-8)}`,
      itemsPaisa: 0,
      shippingPaisa: 0,
      taxPaisa: 0,
      totalPaisa: 0,
      isDelivered: true,
      deliveredAt: new Date(),
    },
  });
  return user;
}

/**
 * The Cookie header value of a signed-in session, signed like the server signs
 * it. `expiresAt` in the past gives an expired sign-in.
 */
export async function sessionCookieFor(user: { id: number; sessionVersion: number }, { expiresAt = Date.now() + 60 * 60 * 1000 }: { expiresAt?: number } = {}) {
  const setCookie = await sessionStorage.commitSession(await signedInSession(user, expiresAt));
  return setCookie.split(";")[0]!;
}

/** A session as the server writes it at sign-in, for helpers that add more to it (a cart, checkout state). */
export async function signedInSession(user: { id: number; sessionVersion: number }, expiresAt = Date.now() + 60 * 60 * 1000) {
  const session = await sessionStorage.getSession();
  session.set("sessionId", crypto.randomUUID());
  session.set("userId", user.id);
  session.set("sessionVersion", user.sessionVersion);
  session.set("expiresAt", expiresAt);
  return session;
}

/** Signs a browser context in without going through the login form. */
export async function signIn(context: BrowserContext, baseURL: string, user: { id: number; sessionVersion: number }) {
  const [name, value] = (await sessionCookieFor(user)).split("=");
  await context.addCookies([{ name: name!, value: value!, url: baseURL }]);
}
