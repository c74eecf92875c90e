-- A size guide per category (issue 38): a table the admin writes in English and Bangla, one row a
-- line, cells separated by "|". Nullable: a category without one shows none. Catalogue-only change.
ALTER TABLE "Category" ADD COLUMN "sizeGuide" TEXT, ADD COLUMN "sizeGuideBn" TEXT;
