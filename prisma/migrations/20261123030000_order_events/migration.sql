-- Cancelled orders and the timeline of what happened to an order. Orders
-- paid or delivered before this migration get their events back from the
-- timestamps, without a known actor.
ALTER TABLE "Order" ADD COLUMN "cancelledAt" TIMESTAMP(3);
ALTER TABLE "Order" ADD COLUMN "cancelReason" TEXT;

CREATE TABLE "OrderEvent" (
    "id" SERIAL NOT NULL,
    "orderId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "reason" TEXT,
    "actorId" INTEGER,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrderEvent_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "OrderEvent_type_check" CHECK ("type" IN ('paid', 'delivered', 'cancelled'))
);
CREATE INDEX "OrderEvent_orderId_at_idx" ON "OrderEvent"("orderId", "at");
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

INSERT INTO "OrderEvent" ("orderId", "type", "at") SELECT "id", 'paid', "paidAt" FROM "Order" WHERE "paidAt" IS NOT NULL;
INSERT INTO "OrderEvent" ("orderId", "type", "at") SELECT "id", 'delivered', "deliveredAt" FROM "Order" WHERE "deliveredAt" IS NOT NULL;

-- The dashboard sums revenue by the day an order was paid.
CREATE INDEX "Order_paidAt_idx" ON "Order"("paidAt");
