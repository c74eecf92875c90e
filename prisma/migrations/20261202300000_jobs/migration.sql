-- Issue 36 item 3 / issue 39 item 4: the courier poll reads the parcels still on the road, the
-- least recently read first, a bounded number per run (docs/decisions/094).
ALTER TABLE "Order" ADD COLUMN "courierPolledAt" TIMESTAMP(3);
