import { requirePermission, type Actor } from "~/models/platform/index.server";
import { Prisma } from "@prisma/client";

import type { CouponInput } from "~/schemas/coupon";
import { prisma } from "~/models/platform/index.server";

import { isUniqueViolation, notFound, ServiceError } from "~/models/platform/index.server";
import { toTaka } from "~/models/catalogue/index.server";

// The admin's coupons (issue 41 item 4): list, create, edit, delete. Whether a
// code applies to a cart is coupon-use.server.ts, the one rule.

/** The API's Coupon shape (docs/api.md): money in taka, times as ISO instants. */
export type CouponDTO = {
  id: number;
  code: string;
  percent: number | null;
  amountOff: number | null;
  minSubtotal: number;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perBuyerLimit: number | null;
  active: boolean;
  /** Orders that used it and are not cancelled. */
  used: number;
  createdAt: string;
};

type CouponRow = Prisma.CouponGetPayload<object>;

function toCouponDTO(row: CouponRow, used: number): CouponDTO {
  return {
    id: row.id,
    code: row.code,
    percent: row.percent,
    amountOff: row.amountOffPaisa === null ? null : toTaka(row.amountOffPaisa),
    minSubtotal: toTaka(row.minSubtotalPaisa),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perBuyerLimit: row.perBuyerLimit,
    active: row.active,
    used,
    createdAt: row.createdAt.toISOString(),
  };
}

async function usesOf(ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await prisma.order.groupBy({ by: ["couponId"], where: { couponId: { in: ids }, cancelledAt: null }, _count: { _all: true } });
  return new Map(rows.map((r) => [r.couponId!, r._count._all]));
}

export async function listCoupons(actor: Actor): Promise<CouponDTO[]> {
  requirePermission(actor, "read:coupon:any");
  const rows = await prisma.coupon.findMany({ orderBy: { id: "desc" } });
  const used = await usesOf(rows.map((r) => r.id));
  return rows.map((r) => toCouponDTO(r, used.get(r.id) ?? 0));
}

export async function getCoupon(actor: Actor, id: number): Promise<CouponDTO> {
  requirePermission(actor, "read:coupon:any");
  const row = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await prisma.coupon.findUnique({ where: { id } }) : null;
  if (!row) throw notFound("Coupon");
  return toCouponDTO(row, (await usesOf([id])).get(id) ?? 0);
}

function data(input: CouponInput) {
  return {
    code: input.code,
    percent: input.percent ?? null,
    amountOffPaisa: input.amountOff ?? null,
    minSubtotalPaisa: input.minSubtotal ?? 0,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
    usageLimit: input.usageLimit ?? null,
    perBuyerLimit: input.perBuyerLimit ?? null,
    active: input.active,
  };
}

function taken(code: string): ServiceError {
  const message = `The code ${code} is already taken`;
  return new ServiceError(409, message, { code: [message] });
}

/** Input already shaped by `couponSchema`; the database's unique index is the last word on a taken code. */
export async function createCoupon(actor: Actor, input: CouponInput): Promise<CouponDTO> {
  requirePermission(actor, "create:coupon:any");
  try {
    return toCouponDTO(await prisma.coupon.create({ data: data(input) }), 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.code);
    throw error;
  }
}

/** A whole coupon replaces the old one; orders placed with it keep the code and amount they got. */
export async function updateCoupon(actor: Actor, id: number, input: CouponInput): Promise<CouponDTO> {
  requirePermission(actor, "update:coupon:any");
  await getCoupon(actor, id);
  try {
    const row = await prisma.coupon.update({ where: { id }, data: data(input) });
    return toCouponDTO(row, (await usesOf([id])).get(id) ?? 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.code);
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw notFound("Coupon");
    throw error;
  }
}

/** Orders that used it keep its code and discount (their couponId becomes null). */
export async function deleteCoupon(actor: Actor, id: number): Promise<void> {
  requirePermission(actor, "delete:coupon:any");
  await getCoupon(actor, id);
  await prisma.coupon.delete({ where: { id } }).catch((error: unknown) => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw notFound("Coupon");
    throw error;
  });
}
