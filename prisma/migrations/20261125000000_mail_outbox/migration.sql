-- Transactional e-mail outbox: a row is written in the transaction that causes the message.
CREATE TABLE "MailOutbox" (
    "id" BIGSERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "MailOutbox_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "MailOutbox_key_key" ON "MailOutbox"("key");
CREATE INDEX "MailOutbox_createdAt_idx" ON "MailOutbox"("createdAt" DESC);
