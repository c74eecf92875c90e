-- A guest order is readable by anyone with its link. "userId IS NULL" used to
-- mean that, but a deleted account's orders get a NULL userId too and must
-- stay private. Orders already without a user are kept readable as before.
ALTER TABLE "Order" ADD COLUMN "placedAsGuest" BOOLEAN NOT NULL DEFAULT false;
UPDATE "Order" SET "placedAsGuest" = true WHERE "userId" IS NULL;
ALTER TABLE "Order" ADD CONSTRAINT "Order_guest_has_no_user" CHECK (NOT "placedAsGuest" OR "userId" IS NULL);
