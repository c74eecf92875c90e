-- Drafts (issue 22 item 1, docs/decisions/035-product-drafts.md). A product is a draft or active;
-- only active products reach shoppers. Existing products stay on sale: the column's default is
-- active, and the service (createSampleProduct) is what starts a new product as a draft.
ALTER TABLE "Product" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'active';
ALTER TABLE "Product" ADD CONSTRAINT "Product_status_check" CHECK ("status" IN ('draft', 'active'));

-- The trigger-kept search tables hold active products only, so every shopper read that goes
-- through them (one-word search, suggestions, counts, typo vocabulary) leaves drafts out with no
-- extra condition: a draft has no search document, hence no lexemes and no full-text match.
CREATE OR REPLACE FUNCTION product_search_refresh() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF NEW."status" <> ''active'' THEN
    NEW."searchDocument" := NULL\073
    RETURN NEW\073
  END IF\073
  NEW."searchDocument" := product_search_document(NEW."name", NEW."brand",
    (SELECT c."name" FROM "Category" c WHERE c."id" = NEW."categoryId"), NEW."description")\073
  INSERT INTO "SearchWord" ("word")
    SELECT w FROM unnest(tsvector_to_array(to_tsvector(''simple'', NEW."name" || '' '' || NEW."brand"))) w
    WHERE w !~ ''^[0-9.,-]+$'' ON CONFLICT DO NOTHING\073
  RETURN NEW\073
END
';

DROP TRIGGER "Product_search_refresh" ON "Product";
CREATE TRIGGER "Product_search_refresh" BEFORE INSERT OR UPDATE OF "name", "brand", "description", "categoryId", "status"
  ON "Product" FOR EACH ROW EXECUTE FUNCTION product_search_refresh();

CREATE OR REPLACE FUNCTION category_search_refresh() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "Product" p SET "searchDocument" = product_search_document(p."name", p."brand", NEW."name", p."description")
    WHERE p."categoryId" = NEW."id" AND p."status" = ''active''\073
  INSERT INTO "SearchWord" ("word")
    SELECT w FROM unnest(tsvector_to_array(to_tsvector(''simple'', NEW."name"))) w
    WHERE w !~ ''^[0-9.,-]+$'' ON CONFLICT DO NOTHING\073
  RETURN NULL\073
END
';

-- Publishing sets the document (a BEFORE trigger), which a column-list trigger does not see as a
-- change of "searchDocument": the lexeme trigger listens to "status" too.
DROP TRIGGER "Product_lexemes_update" ON "Product";
CREATE TRIGGER "Product_lexemes_update" AFTER UPDATE OF "name", "brand", "description", "categoryId", "searchDocument", "status"
  ON "Product" FOR EACH ROW WHEN (OLD."searchDocument" IS DISTINCT FROM NEW."searchDocument")
  EXECUTE FUNCTION product_lexemes_update();

CREATE OR REPLACE FUNCTION product_words_refresh() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''UPDATE'' THEN
    DELETE FROM "ProductWord" WHERE "productId" = NEW."id"\073
  END IF\073
  IF NEW."status" = ''active'' THEN
    INSERT INTO "ProductWord" ("word", "productId")
      SELECT DISTINCT w, NEW."id" FROM unnest(tsvector_to_array(to_tsvector(''simple'', NEW."name" || '' '' || NEW."brand"))) w\073
  END IF\073
  RETURN NULL\073
END
';

DROP TRIGGER "Product_words_refresh" ON "Product";
CREATE TRIGGER "Product_words_refresh" AFTER INSERT OR UPDATE OF "name", "brand", "status"
  ON "Product" FOR EACH ROW EXECUTE FUNCTION product_words_refresh();

-- Counts per category of active products.
CREATE OR REPLACE FUNCTION product_count_insert() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "ProductCount" ("categoryId", "n") SELECT "categoryId", count(*) FROM added WHERE "status" = ''active'' GROUP BY 1
    ON CONFLICT ("categoryId") DO UPDATE SET "n" = "ProductCount"."n" + EXCLUDED."n"\073
  RETURN NULL\073
END
';

CREATE OR REPLACE FUNCTION product_count_delete() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "ProductCount" c SET "n" = c."n" - r.k
    FROM (SELECT "categoryId", count(*) AS k FROM removed WHERE "status" = ''active'' GROUP BY 1) r WHERE c."categoryId" = r."categoryId"\073
  RETURN NULL\073
END
';

CREATE OR REPLACE FUNCTION product_count_update() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "ProductCount" ("categoryId", "n")
    SELECT m."categoryId", sum(m.k) FROM (
      SELECT a."categoryId", 1 AS k FROM new_rows a JOIN old_rows b ON a.id = b.id
        WHERE a."status" = ''active'' AND (a."categoryId" <> b."categoryId" OR b."status" <> ''active'')
      UNION ALL
      SELECT b."categoryId", -1 AS k FROM new_rows a JOIN old_rows b ON a.id = b.id
        WHERE b."status" = ''active'' AND (a."categoryId" <> b."categoryId" OR a."status" <> ''active'')
    ) m GROUP BY 1
    ON CONFLICT ("categoryId") DO UPDATE SET "n" = "ProductCount"."n" + EXCLUDED."n"\073
  RETURN NULL\073
END
';

-- The shopper's list orders are read from indexes alone (index-only scans, decision 014): with the
-- status test in every shopper query, they would read each row's status from the table instead,
-- for every row skipped by OFFSET. Partial indexes of active products keep them index-only.
-- The category index stays whole as well: triggers and admin writes find a category's products by it.
CREATE INDEX "Product_live_id_idx" ON "Product" ("id") WHERE "status" = 'active';
CREATE INDEX "Product_live_categoryId_id_idx" ON "Product" ("categoryId", "id") WHERE "status" = 'active';
DROP INDEX "Product_createdAt_id_idx";
CREATE INDEX "Product_createdAt_id_idx" ON "Product" ("createdAt", "id") WHERE "status" = 'active';
DROP INDEX "Product_paidPaisa_id_idx";
CREATE INDEX "Product_paidPaisa_id_idx" ON "Product" ("paidPaisa", "id") WHERE "status" = 'active';
DROP INDEX "Product_categoryId_paidPaisa_id_idx";
CREATE INDEX "Product_categoryId_paidPaisa_id_idx" ON "Product" ("categoryId", "paidPaisa", "id") WHERE "status" = 'active';
DROP INDEX "Product_rating_numReviews_idx";
CREATE INDEX "Product_rating_numReviews_idx" ON "Product" ("rating" DESC, "numReviews" DESC) WHERE "status" = 'active';
