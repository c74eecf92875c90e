-- Issue 37, docs/decisions/110: the phone badge kept as a column of "PhoneRecord" only, so the admin
-- order list filtered by badge reads the phones of a badge from one index instead of working the
-- badge out for every phone at query time. Nothing here writes an "Order" row: an order's
-- transaction locks its own row and its phone's record, never the phone's other orders (decision
-- 109 did, and two orders of one buyer deadlocked).
-- The rule itself lives in phone_badge() below and nowhere else: the service layer calls it too.
-- Bodies in E'' quotes with \073 for their semicolons: the migration runner splits the file at every one.

-- The badge rule (was badgeSql() in phone-record.server.ts). Settled orders are the judge:
-- delivered against refused, returned and never confirmed. A buyer's own cancel is not held against
-- them. Until the shop has settled one order for the phone, the courier's record stands in.
CREATE FUNCTION phone_badge(blocked boolean, delivered int, returned int, not_confirmed int,
                            c_delivered int, c_cancelled int, risky_min int, risky_below int)
RETURNS text LANGUAGE sql IMMUTABLE AS E'
  SELECT CASE
    WHEN coalesce(blocked, false) THEN ''blocked''
    WHEN d + f = 0 THEN ''new''
    WHEN f >= risky_min AND d * 100 < risky_below * (d + f) THEN ''risky''
    ELSE ''good'' END
  FROM (SELECT
    CASE WHEN own > 0 THEN coalesce(delivered, 0) ELSE coalesce(c_delivered, 0) END AS d,
    CASE WHEN own > 0 THEN coalesce(returned, 0) + coalesce(not_confirmed, 0) ELSE coalesce(c_cancelled, 0) END AS f
    FROM (SELECT coalesce(delivered, 0) + coalesce(returned, 0) + coalesce(not_confirmed, 0) AS own) o) x
';

-- The admin's thresholds as the settings page saved them ("ShopSetting", JSON values). The defaults
-- must match shopSettingsSchema (a vitest compares them).
CREATE FUNCTION phone_badge_thresholds(OUT risky_min int, OUT risky_below int) LANGUAGE sql STABLE AS E'
  SELECT
    coalesce((SELECT ("value" #>> ''{}'')::int FROM "ShopSetting" WHERE "key" = ''riskyMinFailures''), 2),
    coalesce((SELECT ("value" #>> ''{}'')::int FROM "ShopSetting" WHERE "key" = ''riskyBelowPercent''), 70)
';

-- One phone's badge now: its counters, its block, its courier check and the saved thresholds.
CREATE FUNCTION phone_badge_of(r "PhoneRecord") RETURNS text LANGUAGE sql STABLE AS E'
  SELECT phone_badge(r."blocked", r."delivered", r."returned", r."notConfirmed", c."delivered", c."cancelled", t.risky_min, t.risky_below)
  FROM phone_badge_thresholds() t LEFT JOIN "CourierPhoneCheck" c ON c."phone" = r."phone"
';

ALTER TABLE "PhoneRecord" ADD COLUMN "badge" TEXT NOT NULL DEFAULT 'new';
UPDATE "PhoneRecord" r SET "badge" = phone_badge_of(r);
-- The list's filter takes a badge's phones, most recent buyer first: one index gives both.
CREATE INDEX "PhoneRecord_badge_lastOrderAt_idx" ON "PhoneRecord"("badge", "lastOrderAt" DESC);

-- Every write to a PhoneRecord (the Order triggers' counters, the admin's block) sets its badge
-- from the row itself: it locks nothing beyond the row being written.
CREATE FUNCTION phone_badge_set() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW."badge" := phone_badge_of(NEW)\073
  RETURN NEW\073
END
';
CREATE TRIGGER "PhoneRecord_badge_set" BEFORE INSERT OR UPDATE ON "PhoneRecord" FOR EACH ROW EXECUTE FUNCTION phone_badge_set();

-- A courier's record changes a badge until the shop has settled an order for the phone. It is
-- written outside any order's transaction (courier-record.server.ts), and touches one record.
CREATE FUNCTION phone_badge_courier() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "PhoneRecord" SET "badge" = "badge" WHERE "phone" = (CASE WHEN TG_OP = ''DELETE'' THEN OLD."phone" ELSE NEW."phone" END)\073
  RETURN NULL\073
END
';
CREATE TRIGGER "CourierPhoneCheck_badge" AFTER INSERT OR UPDATE OR DELETE ON "CourierPhoneCheck" FOR EACH ROW EXECUTE FUNCTION phone_badge_courier();

-- A threshold saved or reset recomputes every phone whose badge it changes.
CREATE FUNCTION phone_badge_thresholds_changed() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "PhoneRecord" r SET "badge" = "badge" WHERE r."badge" <> phone_badge_of(r)\073
  RETURN NULL\073
END
';
CREATE TRIGGER "ShopSetting_badge_thresholds_insert" AFTER INSERT ON "ShopSetting" FOR EACH ROW
  WHEN (NEW."key" IN ('riskyMinFailures', 'riskyBelowPercent')) EXECUTE FUNCTION phone_badge_thresholds_changed();
CREATE TRIGGER "ShopSetting_badge_thresholds_update" AFTER UPDATE ON "ShopSetting" FOR EACH ROW
  WHEN (NEW."key" IN ('riskyMinFailures', 'riskyBelowPercent') AND OLD."value" IS DISTINCT FROM NEW."value")
  EXECUTE FUNCTION phone_badge_thresholds_changed();
CREATE TRIGGER "ShopSetting_badge_thresholds_delete" AFTER DELETE ON "ShopSetting" FOR EACH ROW
  WHEN (OLD."key" IN ('riskyMinFailures', 'riskyBelowPercent')) EXECUTE FUNCTION phone_badge_thresholds_changed();
