import { Prisma } from "@prisma/client";

import { getSettings, prisma, requirePermission, ServiceError, type Actor } from "~/models/platform/index.server";
import { phoneKey, type Badge, type PhoneSettingsInput } from "~/schemas/customer-phone";
import { ADMIN_PAGE_SIZE, pageCount, pageOffset } from "~/utils/paging";
import { BD_MOBILE_MESSAGE } from "~/utils/phone";

import { refreshForAdmin } from "./courier-record.server";
import { badgeSql, readRecord, readRecords, recordColumns, toBuyerRecord, type BuyerRecord } from "./phone-record.server";

// The back office's side of the phone record (issue 37): one phone's record, the note and the
// block on it, the "Customers by phone" list and the e-mail blocklist. What changes a record checks
// the permission map itself (decision 097); the reads are behind the admin doors.

/** The 11-digit form, or a 400 naming the field (the API's path, the page's search). */
export function requirePhone(input: string): string {
  const phone = phoneKey(input);
  if (!phone) throw new ServiceError(400, BD_MOBILE_MESSAGE, { phone: [BD_MOBILE_MESSAGE] });
  return phone;
}

/** One phone's record for an admin: the courier's is asked for when a day old (waiting at most 3 s). */
export async function buyerRecord(phoneInput: string): Promise<BuyerRecord> {
  const phone = requirePhone(phoneInput);
  const settings = await getSettings();
  const first = await readRecord(prisma, phone, settings);
  return (await refreshForAdmin(phone, first.courier?.checkedAt)) ? readRecord(prisma, phone, settings) : first;
}

/** The records of the phones on one page of orders (no courier is asked: the list must stay quick). */
export async function buyerRecords(phones: string[]): Promise<Map<string, BuyerRecord>> {
  return readRecords(phones, await getSettings());
}

/** The admin's note and block; a field left out stays as it was. */
export async function setPhone(actor: Actor, phoneInput: string, input: PhoneSettingsInput): Promise<BuyerRecord> {
  requirePermission(actor, "update:phone:any");
  const phone = requirePhone(phoneInput);
  const data: Prisma.PhoneRecordUpdateInput = { updatedAt: new Date() };
  if (input.note !== undefined) data.note = input.note || null;
  if (input.blocked === true) Object.assign(data, { blocked: true, blockReason: input.reason, blockedAt: new Date() });
  if (input.blocked === false) Object.assign(data, { blocked: false, blockReason: null, blockedAt: null });
  else if (input.reason !== undefined && input.blocked === undefined) data.blockReason = input.reason || null;
  const create = {
    phone,
    note: (data.note as string | null | undefined) ?? null,
    blocked: input.blocked ?? false,
    blockReason: input.blocked ? input.reason : null,
  };
  await prisma.phoneRecord.upsert({ where: { phone }, create: { ...create, blockedAt: input.blocked ? new Date() : null }, update: data });
  return readRecord(prisma, phone, await getSettings());
}

/** A phone's record as "Customers by phone" lists it: with when its latest order was placed. */
export type PhoneRecordRow = BuyerRecord & { lastOrderAt: string | null };

/**
 * "Customers by phone" as this domain knows them: guests and accounts together, the latest buyer
 * first; `q` a phone's start. Orders add each phone's name and accounts (orders/phone-customers.server.ts).
 */
export async function listPhoneRecords({ page = 1, q = "", badge }: { page?: number; q?: string; badge?: Badge | null }) {
  const settings = await getSettings();
  const digits = phoneKey(q) ?? q.replace(/\D/g, "");
  const where = Prisma.sql`WHERE k.phone LIKE ${`${digits}%`} ${badge ? Prisma.sql`AND ${badgeSql(settings)} = ${badge}` : Prisma.empty}`;
  const from = Prisma.sql`FROM "PhoneRecord" k LEFT JOIN "PhoneRecord" r ON r.phone = k.phone LEFT JOIN "CourierPhoneCheck" c ON c.phone = k.phone`;
  const [{ total }] = await prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total ${from} ${where}`;
  const pages = pageCount(total, ADMIN_PAGE_SIZE);
  const rows = await prisma.$queryRaw<(Parameters<typeof toBuyerRecord>[0] & { lastOrderAt: Date | null })[]>`
    SELECT ${recordColumns(settings)}, k."lastOrderAt"
    ${from} ${where}
    ORDER BY k."lastOrderAt" DESC NULLS LAST, k.phone LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${pageOffset(Math.min(page, pages), ADMIN_PAGE_SIZE) ?? 0}`;
  const records: PhoneRecordRow[] = rows.map((r) => ({ ...toBuyerRecord(r), lastOrderAt: r.lastOrderAt?.toISOString() ?? null }));
  return { records, page: Math.min(page, pages), pages, total };
}

export const listBlockedEmails = () => prisma.blockedEmail.findMany({ orderBy: { createdAt: "desc" }, take: 200 });

export async function blockEmail(actor: Actor, email: string, reason: string) {
  requirePermission(actor, "update:blocklist:any");
  const key = email.trim().toLowerCase();
  await prisma.blockedEmail.upsert({ where: { email: key }, create: { email: key, reason }, update: { reason } });
}

export async function unblockEmail(actor: Actor, email: string) {
  requirePermission(actor, "update:blocklist:any");
  await prisma.blockedEmail.deleteMany({ where: { email: email.trim().toLowerCase() } });
}
