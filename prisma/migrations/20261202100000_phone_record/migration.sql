-- Issue 37 items 1-2 (docs/decisions/092): a delivery record for every phone, the admin's note and
-- block on it, blocked e-mails, the couriers' records kept a day, and orders that wait for a call.

-- One row per normalised phone. The counters are kept by a trigger on "Order" (below), in the very
-- transaction that places or changes an order, so checkout reads one row by its key.
CREATE TABLE "PhoneRecord" (
    "phone" TEXT NOT NULL,
    "placed" INTEGER NOT NULL DEFAULT 0,
    "confirmed" INTEGER NOT NULL DEFAULT 0,
    "delivered" INTEGER NOT NULL DEFAULT 0,
    "returned" INTEGER NOT NULL DEFAULT 0,
    "cancelled" INTEGER NOT NULL DEFAULT 0,
    "notConfirmed" INTEGER NOT NULL DEFAULT 0,
    "note" TEXT,
    "blocked" BOOLEAN NOT NULL DEFAULT false,
    "blockReason" TEXT,
    "blockedAt" TIMESTAMP(3),
    "lastOrderAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PhoneRecord_pkey" PRIMARY KEY ("phone")
);
CREATE INDEX "PhoneRecord_lastOrderAt_idx" ON "PhoneRecord"("lastOrderAt" DESC);

CREATE TABLE "BlockedEmail" (
    "email" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "BlockedEmail_pkey" PRIMARY KEY ("email")
);

CREATE TABLE "CourierPhoneCheck" (
    "phone" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "parcels" INTEGER NOT NULL,
    "delivered" INTEGER NOT NULL,
    "cancelled" INTEGER NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CourierPhoneCheck_pkey" PRIMARY KEY ("phone")
);

-- Why an order waits for the shop's call instead of its SMS code ("risky", "new-large"), null when it does not.
ALTER TABLE "Order" ADD COLUMN "callReason" TEXT;

-- Each outcome of one order, as 0 or 1: an order is counted once per outcome however often it changes.
-- Bodies in E'' quotes with \073 for their semicolons: the migration runner splits the file at every one.
CREATE FUNCTION phone_record_flags(o "Order") RETURNS int[] LANGUAGE sql IMMUTABLE AS E'
  SELECT ARRAY[
    1,
    (o."confirmedAt" IS NOT NULL)::int,
    o."isDelivered"::int,
    (o."returningAt" IS NOT NULL OR o."returnedAt" IS NOT NULL OR coalesce(o."cancelReason", '''') = ''refused'')::int,
    (coalesce(o."cancelReason", '''') = ''customer-asked'')::int,
    (coalesce(o."cancelReason", '''') = ''not-confirmed'')::int
  ]
';

CREATE FUNCTION phone_record_add(p text, f int[], sign int, at timestamp) RETURNS void LANGUAGE sql AS E'
  INSERT INTO "PhoneRecord" ("phone", "placed", "confirmed", "delivered", "returned", "cancelled", "notConfirmed", "lastOrderAt", "updatedAt")
  VALUES (p, sign * f[1], sign * f[2], sign * f[3], sign * f[4], sign * f[5], sign * f[6], CASE WHEN sign > 0 THEN at END, now())
  ON CONFLICT ("phone") DO UPDATE SET
    "placed" = "PhoneRecord"."placed" + EXCLUDED."placed",
    "confirmed" = "PhoneRecord"."confirmed" + EXCLUDED."confirmed",
    "delivered" = "PhoneRecord"."delivered" + EXCLUDED."delivered",
    "returned" = "PhoneRecord"."returned" + EXCLUDED."returned",
    "cancelled" = "PhoneRecord"."cancelled" + EXCLUDED."cancelled",
    "notConfirmed" = "PhoneRecord"."notConfirmed" + EXCLUDED."notConfirmed",
    "lastOrderAt" = GREATEST("PhoneRecord"."lastOrderAt", EXCLUDED."lastOrderAt"),
    "updatedAt" = now()
';

-- The old row's outcomes come off, the new row's go on: a change that repeats (delivered twice) nets zero.
CREATE FUNCTION phone_record_track() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP IN (''UPDATE'', ''DELETE'') THEN
    PERFORM phone_record_add(OLD."phone", phone_record_flags(OLD), -1, OLD."createdAt")\073
  END IF\073
  IF TG_OP IN (''INSERT'', ''UPDATE'') THEN
    PERFORM phone_record_add(NEW."phone", phone_record_flags(NEW), 1, NEW."createdAt")\073
  END IF\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Order_phone_record_insert" AFTER INSERT ON "Order" FOR EACH ROW EXECUTE FUNCTION phone_record_track();
CREATE TRIGGER "Order_phone_record_delete" AFTER DELETE ON "Order" FOR EACH ROW EXECUTE FUNCTION phone_record_track();
-- Only the columns the record reads: courier status polls and the like never touch the counters' rows.
CREATE TRIGGER "Order_phone_record_update" AFTER UPDATE ON "Order" FOR EACH ROW
  WHEN (OLD."phone" IS DISTINCT FROM NEW."phone"
     OR phone_record_flags(OLD) IS DISTINCT FROM phone_record_flags(NEW))
  EXECUTE FUNCTION phone_record_track();

-- The orders placed before this migration.
INSERT INTO "PhoneRecord" ("phone", "placed", "confirmed", "delivered", "returned", "cancelled", "notConfirmed", "lastOrderAt")
SELECT o."phone", sum(f[1]), sum(f[2]), sum(f[3]), sum(f[4]), sum(f[5]), sum(f[6]), max(o."createdAt")
FROM "Order" o, LATERAL (SELECT phone_record_flags(o) AS f) x
GROUP BY o."phone";
