-- An order line keeps the product's Bangla name beside the English one, as both were when the order
-- was placed (issue 28 item 16): a Bangla order's page and e-mails show it. NULL: the product had no
-- Bangla name, and the English shows.
ALTER TABLE "OrderItem" ADD COLUMN "nameBn" TEXT;

-- Lines placed before this kept only the English name: take the product's Bangla name where the line
-- still names the product as it is called now (a product renamed since may have a Bangla name that
-- belongs to its new English name, not to what the buyer ordered).
UPDATE "OrderItem" i SET "nameBn" = p."nameBn"
  FROM "Product" p
 WHERE p.id = i."productId" AND p."nameBn" IS NOT NULL AND p.name = i.name;
