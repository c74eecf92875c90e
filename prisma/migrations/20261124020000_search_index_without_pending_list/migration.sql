-- The full-text index writes straight into its tree instead of a pending list (docs/decisions/018-stored-price-paid.md).
-- With fastupdate every new product version (an edit, or a discount repricing a whole category) is
-- appended to a pending list that every search then reads in full until the next vacuum: a category
-- discount over 14,000 products left 281 pending pages and doubled the cost of a keyword search.
-- Catalogue writes are rare and searches are the hot path, so writes pay instead.
ALTER INDEX "Product_searchDocument_idx" SET (fastupdate = off);
SELECT gin_clean_pending_list('"Product_searchDocument_idx"'::regclass);
