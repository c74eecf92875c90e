-- The body an Idempotency-Key was first used with (issue 27 item 9), as a
-- SHA-256 fingerprint: a replay with another body is refused (422) instead of
-- answering with the stored order, which may be someone else's.
CREATE TABLE "IdempotencyKey" (
    "orderId" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "IdempotencyKey_pkey" PRIMARY KEY ("orderId")
);

CREATE INDEX "IdempotencyKey_createdAt_idx" ON "IdempotencyKey"("createdAt");
