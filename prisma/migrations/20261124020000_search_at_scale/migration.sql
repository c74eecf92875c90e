-- The full-text index writes straight into its tree instead of a pending list (docs/decisions/018-stored-price-paid.md).
-- With fastupdate every new product version (an edit, or a discount repricing a whole category) is
-- appended to a pending list that every search then reads in full until the next vacuum: a category
-- discount over 14,000 products left 281 pending pages and doubled the cost of a keyword search.
-- Catalogue writes are rare and searches are the hot path, so writes pay instead.
ALTER INDEX "Product_searchDocument_idx" SET (fastupdate = off);
SELECT gin_clean_pending_list('"Product_searchDocument_idx"'::regclass);

-- Each word of a product name and brand, in byte order, so suggestions for a typed prefix read a
-- B-tree range and stop after a few hundred products. The full-text index cannot stop early: it
-- builds a bitmap of every match first, 9,257 products for mus at 100k.
CREATE TABLE "ProductWord" (
  "word" TEXT COLLATE "C" NOT NULL,
  "productId" INTEGER NOT NULL REFERENCES "Product"("id") ON DELETE CASCADE,
  PRIMARY KEY ("word", "productId")
);
CREATE INDEX "ProductWord_productId_idx" ON "ProductWord" ("productId");

CREATE FUNCTION product_words_refresh() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''UPDATE'' THEN
    DELETE FROM "ProductWord" WHERE "productId" = NEW."id"\073
  END IF\073
  INSERT INTO "ProductWord" ("word", "productId")
    SELECT DISTINCT w, NEW."id" FROM unnest(tsvector_to_array(to_tsvector(''simple'', NEW."name" || '' '' || NEW."brand"))) w\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Product_words_refresh" AFTER INSERT OR UPDATE OF "name", "brand"
  ON "Product" FOR EACH ROW EXECUTE FUNCTION product_words_refresh();

INSERT INTO "ProductWord" ("word", "productId")
  SELECT DISTINCT w, p."id" FROM "Product" p, unnest(tsvector_to_array(to_tsvector('simple', p."name" || ' ' || p."brand"))) w;
