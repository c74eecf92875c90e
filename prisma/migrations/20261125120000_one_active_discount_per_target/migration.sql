-- At most one active discount per product and per category (issue 22, item 3):
-- a second one was accepted silently and the admin could not tell which price
-- applied. A partial unique index, so two concurrent creates cannot both win;
-- inactive discounts may pile up freely. A product discount and a category
-- discount may both be active: the best one still wins on the price.

-- Existing duplicates keep the one that was winning (highest percentage, then
-- the oldest) and the others are switched off, not deleted.
UPDATE "Discount" d SET "isActive" = false
WHERE d."isActive" AND EXISTS (
  SELECT 1 FROM "Discount" o
  WHERE o."isActive" AND o.id <> d.id
    AND o."productId" IS NOT DISTINCT FROM d."productId"
    AND o."categoryId" IS NOT DISTINCT FROM d."categoryId"
    AND (o.percentage > d.percentage OR (o.percentage = d.percentage AND o.id < d.id))
);

CREATE UNIQUE INDEX "Discount_one_active_per_product" ON "Discount" ("productId") WHERE "isActive" AND "productId" IS NOT NULL;
CREATE UNIQUE INDEX "Discount_one_active_per_category" ON "Discount" ("categoryId") WHERE "isActive" AND "categoryId" IS NOT NULL;
