-- The language an order was placed in (issue 20): its e-mails go out in it. Orders placed before
-- the Bangla shop existed, and every order placed through the API, are English.
ALTER TABLE "Order" ADD COLUMN "lang" TEXT NOT NULL DEFAULT 'en';
ALTER TABLE "Order" ADD CONSTRAINT "Order_lang_check" CHECK ("lang" IN ('en', 'bn'));
