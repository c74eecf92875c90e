-- Catalogue search (docs/decisions/014-catalogue-search.md).
-- pg_trgm (already created by the init migration for name and brand) is trusted, so a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The text a shopper may search for, as one weighted document: name A, brand and
-- category B, the description without its HTML tags C. The simple configuration
-- keeps words as typed (lower-cased), so Bangla and romanised words match exactly.
CREATE FUNCTION product_search_document(p_name text, p_brand text, p_category text, p_description text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple', coalesce(p_name, '')), 'A')
      || setweight(to_tsvector('simple', coalesce(p_brand, '') || ' ' || coalesce(p_category, '')), 'B')
      || setweight(to_tsvector('simple', regexp_replace(coalesce(p_description, ''), '<[^>]*>|&[#a-zA-Z0-9]+\x3b', ' ', 'g')), 'C')
$$;

ALTER TABLE "Product" ADD COLUMN "searchDocument" tsvector;

-- Words (not bare numbers) of names, brands and categories: the vocabulary a misspelt word is corrected to.
CREATE TABLE "SearchWord" ("word" TEXT NOT NULL PRIMARY KEY);

-- A trigger, not a generated column: the document includes the category name,
-- which lives in another table. The bodies are E-strings with \073 for the
-- statement separator because the migration runner splits the file at every
-- semicolon, even inside dollar quotes.
CREATE FUNCTION product_search_refresh() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW."searchDocument" := product_search_document(NEW."name", NEW."brand",
    (SELECT c."name" FROM "Category" c WHERE c."id" = NEW."categoryId"), NEW."description")\073
  INSERT INTO "SearchWord" ("word")
    SELECT w FROM unnest(tsvector_to_array(to_tsvector(''simple'', NEW."name" || '' '' || NEW."brand"))) w
    WHERE w !~ ''^[0-9.,-]+$'' ON CONFLICT DO NOTHING\073
  RETURN NEW\073
END
';

CREATE TRIGGER "Product_search_refresh" BEFORE INSERT OR UPDATE OF "name", "brand", "description", "categoryId"
  ON "Product" FOR EACH ROW EXECUTE FUNCTION product_search_refresh();

CREATE FUNCTION category_search_refresh() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "Product" p SET "searchDocument" = product_search_document(p."name", p."brand", NEW."name", p."description")
    WHERE p."categoryId" = NEW."id"\073
  INSERT INTO "SearchWord" ("word")
    SELECT w FROM unnest(tsvector_to_array(to_tsvector(''simple'', NEW."name"))) w
    WHERE w !~ ''^[0-9.,-]+$'' ON CONFLICT DO NOTHING\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Category_search_refresh" AFTER INSERT OR UPDATE OF "name"
  ON "Category" FOR EACH ROW EXECUTE FUNCTION category_search_refresh();

UPDATE "Product" p SET "searchDocument" = product_search_document(p."name", p."brand", c."name", p."description")
  FROM "Category" c WHERE c."id" = p."categoryId";
INSERT INTO "SearchWord" ("word")
  SELECT DISTINCT w FROM "Product" p, unnest(tsvector_to_array(to_tsvector('simple', p."name" || ' ' || p."brand"))) w
  WHERE w !~ '^[0-9.,-]+$' ON CONFLICT DO NOTHING;
INSERT INTO "SearchWord" ("word")
  SELECT DISTINCT w FROM "Category" c, unnest(tsvector_to_array(to_tsvector('simple', c."name"))) w
  WHERE w !~ '^[0-9.,-]+$' ON CONFLICT DO NOTHING;

CREATE INDEX "Product_searchDocument_idx" ON "Product" USING GIN ("searchDocument");
CREATE INDEX "SearchWord_word_trgm_idx" ON "SearchWord" USING GIN ("word" gin_trgm_ops);
-- Newest first, and brand facets and filters.
CREATE INDEX "Product_createdAt_id_idx" ON "Product" ("createdAt", "id");
CREATE INDEX "Product_brand_idx" ON "Product" ("brand");

-- Exact product counts per category, kept by statement triggers, so an
-- unfiltered list knows its number of pages without counting every product
-- on every request.
CREATE TABLE "ProductCount" ("categoryId" INTEGER NOT NULL PRIMARY KEY, "n" INTEGER NOT NULL DEFAULT 0);

CREATE FUNCTION product_count_insert() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "ProductCount" ("categoryId", "n") SELECT "categoryId", count(*) FROM added GROUP BY 1
    ON CONFLICT ("categoryId") DO UPDATE SET "n" = "ProductCount"."n" + EXCLUDED."n"\073
  RETURN NULL\073
END
';

CREATE FUNCTION product_count_delete() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "ProductCount" c SET "n" = c."n" - r.k
    FROM (SELECT "categoryId", count(*) AS k FROM removed GROUP BY 1) r WHERE c."categoryId" = r."categoryId"\073
  RETURN NULL\073
END
';

CREATE FUNCTION product_count_update() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "ProductCount" ("categoryId", "n")
    SELECT m."categoryId", sum(m.k) FROM (
      SELECT a."categoryId", 1 AS k FROM new_rows a JOIN old_rows b ON a.id = b.id WHERE a."categoryId" <> b."categoryId"
      UNION ALL
      SELECT b."categoryId", -1 AS k FROM new_rows a JOIN old_rows b ON a.id = b.id WHERE a."categoryId" <> b."categoryId"
    ) m GROUP BY 1
    ON CONFLICT ("categoryId") DO UPDATE SET "n" = "ProductCount"."n" + EXCLUDED."n"\073
  RETURN NULL\073
END
';

CREATE FUNCTION product_count_truncate() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  DELETE FROM "ProductCount"\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Product_count_insert" AFTER INSERT ON "Product"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION product_count_insert();
CREATE TRIGGER "Product_count_delete" AFTER DELETE ON "Product"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION product_count_delete();
CREATE TRIGGER "Product_count_update" AFTER UPDATE ON "Product"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_count_update();
CREATE TRIGGER "Product_count_truncate" AFTER TRUNCATE ON "Product"
  FOR EACH STATEMENT EXECUTE FUNCTION product_count_truncate();

INSERT INTO "ProductCount" ("categoryId", "n") SELECT "categoryId", count(*) FROM "Product" GROUP BY 1;
