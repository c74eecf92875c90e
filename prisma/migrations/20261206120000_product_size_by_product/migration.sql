-- Every read of a product's variants asks by "productId" alone (the list's and product page's sizes,
-- "in stock", the colour and size filters, the facet counts), but since 20261202000000_variants the
-- only indexes starting with "productId" are partial (colourless rows, coloured rows), and neither
-- answers such a question: each read became a scan of the whole table, about 0.1 s a product at
-- 100k products × 15 variants (bench/results.md, 2026-11-28 night). The index holds no other column:
-- "quantity" in it would make every stock update (each order) a non-HOT update of all five indexes,
-- and a product's variants sit together in the table anyway.
CREATE INDEX "ProductSize_productId_idx" ON "ProductSize"("productId");
