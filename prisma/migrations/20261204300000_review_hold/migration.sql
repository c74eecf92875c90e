-- Held reviews (issue 37, item 5): with the shop's "hold reviews from buyers without a delivered
-- order" setting on, such a review waits for an admin's approval. Until then shoppers do not see it
-- and the product's rating and count leave it out (decision 105). Off by default: every existing
-- review, and every new one while the setting is off, is not held.
ALTER TABLE "Review" ADD COLUMN "held" BOOLEAN NOT NULL DEFAULT false;

-- The back office's "Awaiting approval" list: a handful of rows among all reviews.
CREATE INDEX "Review_held_idx" ON "Review"("createdAt" DESC) WHERE "held";
