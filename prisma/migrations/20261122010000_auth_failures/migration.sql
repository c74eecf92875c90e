-- Failed sign-in and register attempts of the last minute, shared by every app
-- instance (the limit must hold however many there are). Rows older than the
-- window are deleted as new failures arrive, so the table stays small.
CREATE TABLE "AuthFailure" (
    "id" BIGSERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AuthFailure_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "AuthFailure_key_at_idx" ON "AuthFailure"("key", "at");
CREATE INDEX "AuthFailure_at_idx" ON "AuthFailure"("at");
