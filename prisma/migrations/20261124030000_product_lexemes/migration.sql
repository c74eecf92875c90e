-- Every word of every product search document with its rank for a one-word search
-- (docs/decisions/022-one-word-search.md). A one-word search counts and ranks its matches
-- from this B-tree alone (an index-only scan of one key range) instead of reading every
-- matching product row from the table: at 100k products the word muslin matches 1,001
-- products on 1,002 table pages, and the full-text index can neither count nor rank.

CREATE TABLE "ProductLexeme" (
  "lexeme" TEXT COLLATE "C" NOT NULL,
  "productId" INTEGER NOT NULL,
  "rank" REAL NOT NULL,
  PRIMARY KEY ("lexeme", "productId") INCLUDE ("rank")
);

-- The rows of one product. rank is ts_rank of the document for a query of that one lexeme,
-- built by tsquery input (quotes and backslashes doubled) so that no parser splits it.
-- A one-word prefix query ranks a product by the sum over its matching lexemes, as ts_rank does.
CREATE FUNCTION product_lexemes(p_id integer, p_document tsvector)
RETURNS TABLE ("lexeme" text, "productId" integer, "rank" real) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT u.lexeme, p_id,
         ts_rank(p_document, ('''' || replace(replace(u.lexeme, '\', '\\'), '''', '''''') || '''')::tsquery)
    FROM unnest(p_document) u
$$;

-- Kept by triggers, like the document itself. No foreign key: its check would cost a probe of
-- the product for each of the about 22 rows a product writes, and the delete trigger removes them.
CREATE FUNCTION product_lexemes_insert() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "ProductLexeme" ("lexeme", "productId", "rank")
    SELECT l."lexeme", l."productId", l."rank" FROM added a, product_lexemes(a."id", a."searchDocument") l\073
  RETURN NULL\073
END
';

CREATE FUNCTION product_lexemes_update() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  DELETE FROM "ProductLexeme"
    WHERE "productId" = OLD."id" AND "lexeme" = ANY (tsvector_to_array(OLD."searchDocument"))\073
  INSERT INTO "ProductLexeme" ("lexeme", "productId", "rank")
    SELECT l."lexeme", l."productId", l."rank" FROM product_lexemes(NEW."id", NEW."searchDocument") l\073
  RETURN NULL\073
END
';

CREATE FUNCTION product_lexemes_delete() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  DELETE FROM "ProductLexeme" l USING removed r, unnest(tsvector_to_array(r."searchDocument")) w
    WHERE l."lexeme" = w AND l."productId" = r."id"\073
  RETURN NULL\073
END
';

CREATE FUNCTION product_lexemes_truncate() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  TRUNCATE "ProductLexeme"\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Product_lexemes_insert" AFTER INSERT ON "Product"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION product_lexemes_insert();
-- The document changes with a product edit, or when its category is renamed (that trigger sets the column).
-- A row trigger with a column list and a WHEN: other updates (a rating, a repriced category) never run it.
-- A statement trigger would need transition tables, which cannot go with a column list, and its
-- join over them was planned as a scan of the whole word table, 0.5 s for one product.
CREATE TRIGGER "Product_lexemes_update" AFTER UPDATE OF "name", "brand", "description", "categoryId", "searchDocument"
  ON "Product" FOR EACH ROW WHEN (OLD."searchDocument" IS DISTINCT FROM NEW."searchDocument")
  EXECUTE FUNCTION product_lexemes_update();
CREATE TRIGGER "Product_lexemes_delete" AFTER DELETE ON "Product"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION product_lexemes_delete();
CREATE TRIGGER "Product_lexemes_truncate" AFTER TRUNCATE ON "Product"
  FOR EACH STATEMENT EXECUTE FUNCTION product_lexemes_truncate();

INSERT INTO "ProductLexeme" ("lexeme", "productId", "rank")
  SELECT l."lexeme", l."productId", l."rank" FROM "Product" p, product_lexemes(p."id", p."searchDocument") l;
