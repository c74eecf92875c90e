-- Fake orders (issue 26): limits no single visitor can pass, and cash-on-delivery orders
-- confirmed by a code sent to the buyer's phone (docs/decisions/055-cod-confirmation.md).

-- Settings an admin changes in the back office (order limits, which orders need confirming).
-- One row per setting: a missing row means the built-in default (app/models/platform/settings.server.ts).
CREATE TABLE "ShopSetting" (
  "key" TEXT PRIMARY KEY,
  "value" JSONB NOT NULL,
  "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- The order limits (per IP, e-mail, phone, account) as one row per key: a generic cell rate
-- algorithm (GCRA) keeps the "theoretical arrival time", so a check is one upsert, whatever the
-- traffic (app/models/platform/rate-window.server.ts).
CREATE TABLE "RateLimit" (
  "key" TEXT PRIMARY KEY,
  "tat" TIMESTAMP(3) NOT NULL,
  "windowSeconds" INTEGER NOT NULL
);
CREATE INDEX "RateLimit_tat_idx" ON "RateLimit" ("tat");

-- An order is confirmed (by code, by a call, on delivery, or needed none: "auto") or awaits it.
-- Orders placed before confirmation existed count as confirmed when they were placed.
ALTER TABLE "Order" ADD COLUMN "confirmedAt" TIMESTAMP(3);
ALTER TABLE "Order" ADD COLUMN "confirmMethod" TEXT;
ALTER TABLE "Order" ADD CONSTRAINT "Order_confirmMethod_check"
  CHECK ("confirmMethod" IN ('auto', 'code', 'call', 'delivery'));
ALTER TABLE "Order" ADD CONSTRAINT "Order_confirmed_check"
  CHECK (("confirmedAt" IS NULL) = ("confirmMethod" IS NULL));
UPDATE "Order" SET "confirmedAt" = "createdAt", "confirmMethod" = 'auto';
-- The admin list's "awaiting confirmation" filter.
CREATE INDEX "Order_awaiting_confirmation_idx" ON "Order" ("createdAt" DESC)
  WHERE "confirmedAt" IS NULL AND "cancelledAt" IS NULL;

-- The code of an order that awaits confirmation: only its SHA-256 is kept (the SMS carries it).
CREATE TABLE "OrderConfirmCode" (
  "orderId" TEXT PRIMARY KEY REFERENCES "Order"("id") ON DELETE CASCADE,
  "codeHash" TEXT NOT NULL,
  "sends" INTEGER NOT NULL DEFAULT 1,
  "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "failedTries" INTEGER NOT NULL DEFAULT 0,
  "lockedUntil" TIMESTAMP(3),
  "holdUntil" TIMESTAMP(3) NOT NULL
);

-- Text messages go through the same outbox as e-mail: "to" is then a phone number.
ALTER TABLE "MailOutbox" ADD COLUMN "channel" TEXT NOT NULL DEFAULT 'email';
ALTER TABLE "MailOutbox" ADD CONSTRAINT "MailOutbox_channel_check" CHECK ("channel" IN ('email', 'sms'));

-- A confirmation is an order event too (its reason says how: code, call, delivery).
ALTER TABLE "OrderEvent" DROP CONSTRAINT "OrderEvent_type_check";
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_type_check" CHECK ("type" IN ('confirmed', 'paid', 'delivered', 'cancelled'));
