-- Bangla catalogue text (issue 20): optional Bangla names and descriptions beside the English, shown
-- on /bn pages where present (the English otherwise). A NULL means "no Bangla yet", never an empty text.
ALTER TABLE "Product" ADD COLUMN "nameBn" TEXT, ADD COLUMN "descriptionBn" TEXT;
ALTER TABLE "Category" ADD COLUMN "nameBn" TEXT;
ALTER TABLE "FooterPage" ADD COLUMN "titleBn" TEXT, ADD COLUMN "descriptionBn" TEXT;

-- The search document holds both languages' words, so a Bangla word finds a product on any page:
-- the English parts as before, then the Bangla name (A), category (B) and description (C). The
-- simple configuration for both: words kept as typed, no stemming that would guess at Bangla. With
-- the Bangla parts empty the document is exactly the English one, so the existing rows (all NULL
-- here) keep theirs: a re-index would rewrite every product and its lexemes (19 s at 100k) for no change.
CREATE FUNCTION product_search_document(p_name text, p_brand text, p_category text, p_description text,
                                        p_name_bn text, p_category_bn text, p_description_bn text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT product_search_document(p_name, p_brand, p_category, p_description)
      || setweight(to_tsvector('simple', coalesce(p_name_bn, '')), 'A')
      || setweight(to_tsvector('simple', coalesce(p_category_bn, '')), 'B')
      || setweight(to_tsvector('simple', regexp_replace(coalesce(p_description_bn, ''), '<[^>]*>|&[#a-zA-Z0-9]+\x3b', ' ', 'g')), 'C')
$$;

-- Bangla names join the typo vocabulary: a correctly typed Bangla word is then known and never
-- "corrected". (pg_trgm makes no trigrams of Bangla letters in this C-locale database, so a
-- misspelt Bangla word finds no similar word and stays as typed.)
CREATE OR REPLACE FUNCTION product_search_refresh() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF NEW."status" <> ''active'' THEN
    NEW."searchDocument" := NULL\073
    RETURN NEW\073
  END IF\073
  SELECT product_search_document(NEW."name", NEW."brand", c."name", NEW."description", NEW."nameBn", c."nameBn", NEW."descriptionBn")
    INTO NEW."searchDocument" FROM "Category" c WHERE c."id" = NEW."categoryId"\073
  INSERT INTO "SearchWord" ("word")
    SELECT w FROM unnest(tsvector_to_array(to_tsvector(''simple'', NEW."name" || '' '' || NEW."brand" || '' '' || coalesce(NEW."nameBn", '''')))) w
    WHERE w !~ ''^[0-9.,-]+$'' ON CONFLICT DO NOTHING\073
  RETURN NEW\073
END
';

DROP TRIGGER "Product_search_refresh" ON "Product";
CREATE TRIGGER "Product_search_refresh" BEFORE INSERT OR UPDATE OF "name", "brand", "description", "categoryId", "status", "nameBn", "descriptionBn"
  ON "Product" FOR EACH ROW EXECUTE FUNCTION product_search_refresh();

CREATE OR REPLACE FUNCTION category_search_refresh() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "Product" p SET "searchDocument" = product_search_document(p."name", p."brand", NEW."name", p."description",
                                                                     p."nameBn", NEW."nameBn", p."descriptionBn")
    WHERE p."categoryId" = NEW."id" AND p."status" = ''active''\073
  INSERT INTO "SearchWord" ("word")
    SELECT w FROM unnest(tsvector_to_array(to_tsvector(''simple'', NEW."name" || '' '' || coalesce(NEW."nameBn", '''')))) w
    WHERE w !~ ''^[0-9.,-]+$'' ON CONFLICT DO NOTHING\073
  RETURN NULL\073
END
';

DROP TRIGGER "Category_search_refresh" ON "Category";
CREATE TRIGGER "Category_search_refresh" AFTER INSERT OR UPDATE OF "name", "nameBn"
  ON "Category" FOR EACH ROW EXECUTE FUNCTION category_search_refresh();

-- The column list is that of the UPDATE statement, not what the BEFORE trigger set: an edit of the
-- Bangla text alone must still rewrite the product's lexemes.
DROP TRIGGER "Product_lexemes_update" ON "Product";
CREATE TRIGGER "Product_lexemes_update"
  AFTER UPDATE OF "name", "brand", "description", "categoryId", "searchDocument", "status", "nameBn", "descriptionBn"
  ON "Product" FOR EACH ROW WHEN (OLD."searchDocument" IS DISTINCT FROM NEW."searchDocument")
  EXECUTE FUNCTION product_lexemes_update();

-- Suggestions read name words: the Bangla name's words too, so typing পাঞ্জা suggests the panjabi.
CREATE OR REPLACE FUNCTION product_words_refresh() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''UPDATE'' THEN
    DELETE FROM "ProductWord" WHERE "productId" = NEW."id"\073
  END IF\073
  IF NEW."status" = ''active'' THEN
    INSERT INTO "ProductWord" ("word", "productId")
      SELECT DISTINCT w, NEW."id"
        FROM unnest(tsvector_to_array(to_tsvector(''simple'', NEW."name" || '' '' || NEW."brand" || '' '' || coalesce(NEW."nameBn", '''')))) w\073
  END IF\073
  RETURN NULL\073
END
';

DROP TRIGGER "Product_words_refresh" ON "Product";
CREATE TRIGGER "Product_words_refresh" AFTER INSERT OR UPDATE OF "name", "brand", "status", "nameBn"
  ON "Product" FOR EACH ROW EXECUTE FUNCTION product_words_refresh();
