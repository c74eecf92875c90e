-- Review moderation (issue 26, part 3): an admin can hide a review. A hidden review is kept (the
-- shopper still cannot review the product again) but shoppers do not see it and the product's
-- rating and count leave it out. Whether a review is a verified purchase is not stored: it is
-- worked out when the product is read (decision 050).
ALTER TABLE "Review" ADD COLUMN "hidden" BOOLEAN NOT NULL DEFAULT false;

-- The back office's review list, newest first across all products.
CREATE INDEX "Review_createdAt_idx" ON "Review"("createdAt" DESC);

-- A review's "verified purchase" check (catalogue/review-sql.server.ts) walks its writer's delivered
-- orders: this partial index holds just those, with the order's id, so the walk is an index-only scan
-- whatever else the writer ordered (Prisma's schema cannot express a partial index).
CREATE INDEX "Order_userId_delivered_idx" ON "Order"("userId") INCLUDE (id)
  WHERE "isDelivered" AND "cancelledAt" IS NULL;
