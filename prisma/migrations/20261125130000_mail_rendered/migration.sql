-- What was sent (or captured) is kept with the message, so /admin/mail shows
-- exactly the mail the buyer got, even after the order changes.
ALTER TABLE "MailOutbox"
  ADD COLUMN "subject" TEXT,
  ADD COLUMN "html" TEXT,
  ADD COLUMN "text" TEXT,
  ADD COLUMN "lastAttemptAt" TIMESTAMP(3);

ALTER TABLE "MailOutbox"
  ADD CONSTRAINT "MailOutbox_status_check" CHECK (status IN ('queued', 'sent', 'captured', 'retrying', 'failed'));
