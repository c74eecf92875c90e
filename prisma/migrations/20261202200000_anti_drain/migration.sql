-- Issue 37 items 3-5 (decision 093). The client address an order came from, so the pieces held by one
-- address's open orders can be capped, and why an order waits for a call instead of its code.
ALTER TABLE "Order" ADD COLUMN "clientIp" TEXT;

-- Only orders not yet shipped, delivered or cancelled hold pieces: the cap's query reads just those.
CREATE INDEX "Order_open_clientIp_idx" ON "Order"("clientIp")
  WHERE "shippedAt" IS NULL AND "cancelledAt" IS NULL AND "isDelivered" = false AND "clientIp" IS NOT NULL;

-- 'sms-phone', 'sms-ip', 'sms-shop' (an SMS budget ran out) or 'locked' (the hold ended under a
-- wrong-code lock): no code confirms the order any more, an admin's call does, the hold does not cancel it.
ALTER TABLE "OrderConfirmCode" ADD COLUMN "waitsForCall" TEXT;
