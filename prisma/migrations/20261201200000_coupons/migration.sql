-- Issue 41 item 4: coupon codes a buyer types. A code's uses are its live orders (not cancelled),
-- counted under a lock on the coupon's row when an order is placed (docs/decisions/086).
CREATE TABLE "Coupon" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "percent" INTEGER,
    "amountOffPaisa" INTEGER,
    "minSubtotalPaisa" INTEGER NOT NULL DEFAULT 0,
    "startsAt" TIMESTAMP(3),
    "endsAt" TIMESTAMP(3),
    "usageLimit" INTEGER,
    "perBuyerLimit" INTEGER,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Coupon_pkey" PRIMARY KEY ("id")
);
-- Codes are stored in capitals, so the unique index is case-insensitive.
CREATE UNIQUE INDEX "Coupon_code_key" ON "Coupon"("code");
ALTER TABLE "Coupon" ADD CONSTRAINT "Coupon_code_upper" CHECK ("code" = upper("code") AND length("code") BETWEEN 3 AND 30);
ALTER TABLE "Coupon" ADD CONSTRAINT "Coupon_exactly_one_amount" CHECK (num_nonnulls("percent", "amountOffPaisa") = 1);
ALTER TABLE "Coupon" ADD CONSTRAINT "Coupon_percent_range" CHECK ("percent" IS NULL OR ("percent" > 0 AND "percent" < 100));
ALTER TABLE "Coupon" ADD CONSTRAINT "Coupon_amounts_positive"
  CHECK (("amountOffPaisa" IS NULL OR "amountOffPaisa" > 0) AND "minSubtotalPaisa" >= 0);
ALTER TABLE "Coupon" ADD CONSTRAINT "Coupon_limits_positive"
  CHECK (("usageLimit" IS NULL OR "usageLimit" > 0) AND ("perBuyerLimit" IS NULL OR "perBuyerLimit" > 0));
ALTER TABLE "Coupon" ADD CONSTRAINT "Coupon_window" CHECK ("startsAt" IS NULL OR "endsAt" IS NULL OR "startsAt" < "endsAt");

-- The order keeps the code and the amount as they were: deleting the coupon later loses neither.
ALTER TABLE "Order" ADD COLUMN "couponId" INTEGER,
  ADD COLUMN "couponCode" TEXT,
  ADD COLUMN "couponPaisa" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD CONSTRAINT "Order_couponPaisa_nonnegative" CHECK ("couponPaisa" >= 0);
ALTER TABLE "Order" ADD CONSTRAINT "Order_couponId_fkey" FOREIGN KEY ("couponId") REFERENCES "Coupon"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "Order_couponId_idx" ON "Order"("couponId");
