-- The price a shopper pays, stored on the product (docs/decisions/018-stored-price-paid.md).
-- salePercent is the best active discount by product or by category (bestDiscountPercent in pricing.ts)
-- and paidPaisa the price after it (discountedPaisa). Triggers keep both, the app never writes them,
-- so a price sort can walk a B-tree instead of joining discount aggregates for every product.
ALTER TABLE "Product" ADD COLUMN "salePercent" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "paidPaisa" INTEGER NOT NULL DEFAULT 0;

-- The best active discount of a product, by its own discounts and its category (0 when none).
CREATE FUNCTION product_sale_percent(p_id integer, p_category integer)
RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT GREATEST(
    (SELECT max(d."percentage") FROM "Discount" d WHERE d."isActive" AND d."productId" = p_id),
    (SELECT max(d."percentage") FROM "Discount" d WHERE d."isActive" AND d."categoryId" = p_category),
    0)
$$;

-- discountedPaisa of pricing.ts: numeric arithmetic is exact (and cannot overflow an integer for a
-- price of ten million taka), and numeric round goes half away from zero like Math.round here.
CREATE FUNCTION paid_paisa(p_price integer, p_percent integer)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_percent > 0 THEN round(p_price::numeric * (100 - p_percent) / 100)::integer ELSE p_price END
$$;

-- Existing rows, set-based and before the triggers exist (they would probe the discounts per product).
UPDATE "Product" p SET "salePercent" = s.pct, "paidPaisa" = paid_paisa(p."pricePaisa", s.pct)
  FROM (SELECT p2."id", GREATEST(pd.pct, cd.pct, 0) AS pct FROM "Product" p2
          LEFT JOIN (SELECT "productId" AS id, max("percentage") AS pct FROM "Discount"
                     WHERE "isActive" AND "productId" IS NOT NULL GROUP BY 1) pd ON pd.id = p2."id"
          LEFT JOIN (SELECT "categoryId" AS id, max("percentage") AS pct FROM "Discount"
                     WHERE "isActive" AND "categoryId" IS NOT NULL GROUP BY 1) cd ON cd.id = p2."categoryId") s
  WHERE s."id" = p."id";

-- Writers of prices and discounts take one transaction lock before reading discounts, so two
-- concurrent writes (a category discount and a product moving into that category) never both miss
-- each other. Taken per statement before any product row is locked, so it cannot deadlock with them.
CREATE FUNCTION price_paid_lock() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_advisory_xact_lock(2026112401)\073
  RETURN NULL\073
END
';

-- Every write of the price, the category or the stored columns themselves recomputes them,
-- so nothing can store a price paid that disagrees with the discounts.
CREATE FUNCTION product_price_refresh() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  SELECT product_sale_percent(NEW."id", NEW."categoryId") INTO NEW."salePercent"\073
  NEW."paidPaisa" := paid_paisa(NEW."pricePaisa", NEW."salePercent")\073
  RETURN NEW\073
END
';

CREATE TRIGGER "Product_price_lock" BEFORE INSERT OR UPDATE OF "pricePaisa", "categoryId", "salePercent", "paidPaisa"
  ON "Product" FOR EACH STATEMENT EXECUTE FUNCTION price_paid_lock();
CREATE TRIGGER "Product_price_refresh" BEFORE INSERT OR UPDATE OF "pricePaisa", "categoryId", "salePercent", "paidPaisa"
  ON "Product" FOR EACH ROW EXECUTE FUNCTION product_price_refresh();

-- The products a discount covers (one product, or every product of one category) get their
-- percent recomputed, only where it changes. The product trigger above then sets paidPaisa.
CREATE FUNCTION refresh_sale_percent(p_product integer, p_category integer)
RETURNS void LANGUAGE sql AS $$
  UPDATE "Product" p SET "salePercent" = product_sale_percent(p."id", p."categoryId")
    WHERE (p."id" = p_product OR p."categoryId" = p_category)
      AND p."salePercent" <> product_sale_percent(p."id", p."categoryId")
$$;

-- Old and new targets both: a discount moved, deactivated or deleted stops counting where it was.
-- Category deletion cascades to its discounts (this trigger) and moves its products (the product trigger).
CREATE FUNCTION discount_price_refresh() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_advisory_xact_lock(2026112401)\073
  IF TG_OP <> ''INSERT'' THEN
    PERFORM refresh_sale_percent(OLD."productId", OLD."categoryId")\073
  END IF\073
  IF TG_OP <> ''DELETE'' THEN
    PERFORM refresh_sale_percent(NEW."productId", NEW."categoryId")\073
  END IF\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Discount_price_refresh" AFTER INSERT OR DELETE OR UPDATE OF "percentage", "isActive", "productId", "categoryId"
  ON "Discount" FOR EACH ROW EXECUTE FUNCTION discount_price_refresh();

-- A price sort walks one of these and stops after a page: the whole catalogue, or one category.
CREATE INDEX "Product_paidPaisa_id_idx" ON "Product" ("paidPaisa", "id");
CREATE INDEX "Product_categoryId_paidPaisa_id_idx" ON "Product" ("categoryId", "paidPaisa", "id");
