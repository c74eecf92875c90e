-- Issue 36 item 5: the courier's payouts, and which items came back after a partial delivery.

-- A payout the courier made: its reference is unique per courier, so the same payout imported twice
-- (two admins, a double-submitted form, a webhook replayed) is refused the second time.
CREATE TABLE "CourierPayout" (
    "id" SERIAL NOT NULL,
    "courier" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "paidAt" TIMESTAMP(3) NOT NULL,
    "amountPaisa" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "note" TEXT,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CourierPayout_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "CourierPayout_amount_check" CHECK ("amountPaisa" >= 0),
    CONSTRAINT "CourierPayout_source_check" CHECK ("source" IN ('form', 'csv', 'webhook'))
);
CREATE UNIQUE INDEX "CourierPayout_courier_reference_key" ON "CourierPayout"("courier", "reference");
CREATE INDEX "CourierPayout_paidAt_idx" ON "CourierPayout"("paidAt");
ALTER TABLE "CourierPayout" ADD CONSTRAINT "CourierPayout_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- One order in one payout: orderId is unique, so no order is ever paid out twice.
CREATE TABLE "CourierPayoutItem" (
    "id" SERIAL NOT NULL,
    "payoutId" INTEGER NOT NULL,
    "orderId" TEXT NOT NULL,
    "collectedPaisa" INTEGER NOT NULL,
    "chargePaisa" INTEGER NOT NULL,
    "expectedPaisa" INTEGER NOT NULL,
    "paidPaisa" INTEGER,
    CONSTRAINT "CourierPayoutItem_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "CourierPayoutItem_orderId_key" ON "CourierPayoutItem"("orderId");
CREATE INDEX "CourierPayoutItem_payoutId_idx" ON "CourierPayoutItem"("payoutId");
ALTER TABLE "CourierPayoutItem" ADD CONSTRAINT "CourierPayoutItem_payoutId_fkey" FOREIGN KEY ("payoutId") REFERENCES "CourierPayout"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CourierPayoutItem" ADD CONSTRAINT "CourierPayoutItem_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Partly delivered: the admin says which items came back (once), and only those are restocked.
ALTER TABLE "Order" ADD COLUMN "partReturnedAt" TIMESTAMP(3);
ALTER TABLE "OrderItem" ADD COLUMN "returnedQty" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "OrderItem" ADD CONSTRAINT "OrderItem_returnedQty_check" CHECK ("returnedQty" >= 0 AND "returnedQty" <= "qty");
