-- Issue 28 item 2: the Shipped step (courier, tracking number, note).
ALTER TABLE "Order" ADD COLUMN "shippedAt" TIMESTAMP(3),
  ADD COLUMN "courier" TEXT,
  ADD COLUMN "trackingNumber" TEXT,
  ADD COLUMN "shipNote" TEXT;

-- A shipment is a timeline entry, and courier codes are the schema's list.
ALTER TABLE "OrderEvent" DROP CONSTRAINT "OrderEvent_type_check";
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_type_check" CHECK ("type" IN ('confirmed', 'paid', 'shipped', 'delivered', 'cancelled'));
ALTER TABLE "Order" ADD CONSTRAINT "Order_courier_check"
  CHECK ("courier" IS NULL OR "courier" IN ('pathao', 'steadfast', 'redx', 'sundarban', 'paperfly', 'own-rider', 'other'));

-- A message that a later step made moot is kept, marked skipped, with the reason in lastError.
ALTER TABLE "MailOutbox" DROP CONSTRAINT "MailOutbox_status_check";
ALTER TABLE "MailOutbox" ADD CONSTRAINT "MailOutbox_status_check" CHECK (status IN ('queued', 'sent', 'captured', 'retrying', 'failed', 'skipped'));
