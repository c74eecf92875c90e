-- Issue 36: a parcel booked with a courier, what the courier says about it, and its money.
ALTER TABLE "Order" ADD COLUMN "consignmentId" TEXT,
  ADD COLUMN "courierStatus" TEXT,
  ADD COLUMN "courierStatusAt" TIMESTAMP(3),
  ADD COLUMN "codToCollectPaisa" INTEGER,
  ADD COLUMN "codCollectedPaisa" INTEGER,
  ADD COLUMN "deliveryChargePaisa" INTEGER,
  ADD COLUMN "codFeePaisa" INTEGER,
  ADD COLUMN "bookingError" TEXT,
  ADD COLUMN "returningAt" TIMESTAMP(3),
  ADD COLUMN "returnedAt" TIMESTAMP(3),
  ADD COLUMN "returnReason" TEXT;

CREATE UNIQUE INDEX "Order_courier_consignmentId_key" ON "Order"("courier", "consignmentId");
CREATE INDEX "Order_courierStatus_idx" ON "Order"("courierStatus");
ALTER TABLE "Order" ADD CONSTRAINT "Order_courierStatus_check" CHECK ("courierStatus" IS NULL OR "courierStatus" IN
  ('booked', 'picked', 'in_transit', 'out_for_delivery', 'on_hold', 'delivered', 'partly_delivered', 'returning', 'returned', 'cancelled'));

-- Returning and received back are timeline steps.
ALTER TABLE "OrderEvent" DROP CONSTRAINT "OrderEvent_type_check";
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_type_check"
  CHECK ("type" IN ('confirmed', 'paid', 'shipped', 'delivered', 'cancelled', 'courier', 'returning', 'returned'));

CREATE TABLE "CourierEvent" (
    "id" SERIAL NOT NULL,
    "courier" TEXT NOT NULL,
    "eventKey" TEXT NOT NULL,
    "orderId" TEXT,
    "status" TEXT NOT NULL,
    "message" TEXT,
    "messageBn" TEXT,
    "raw" JSONB NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CourierEvent_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "CourierEvent_courier_eventKey_key" ON "CourierEvent"("courier", "eventKey");
CREATE INDEX "CourierEvent_orderId_at_idx" ON "CourierEvent"("orderId", "at");
