-- The oldest message not yet sent, for /healthcheck/mail and /admin/mail
-- (issue 31 #1): a partial index over the few rows still waiting, so the
-- check stays one index probe however large the outbox grows. Partial
-- indexes are not expressible in schema.prisma, so this one lives here only.
CREATE INDEX "MailOutbox_unsent_createdAt_idx" ON "MailOutbox" ("createdAt") WHERE status IN ('queued', 'retrying');
