-- A guest order is readable by anyone with its link. "userId IS NULL" used to
-- mean that, but a deleted account's orders get a NULL userId too and must
-- stay private. Orders that already have no user cannot be told apart, so
-- they stay private (admins still see them): a guest who lost access asks the
-- shop, which is better than a stranger reading an address and phone number.
ALTER TABLE "Order" ADD COLUMN "placedAsGuest" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Order" ADD CONSTRAINT "Order_guest_has_no_user" CHECK (NOT "placedAsGuest" OR "userId" IS NULL);
