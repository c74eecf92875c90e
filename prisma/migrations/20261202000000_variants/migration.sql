-- Colour x size variants (issue 38, docs/decisions/091). Every existing "ProductSize" row becomes a
-- variant without a colour just by staying where it is: no row is rewritten, so stock, the stock held
-- by unconfirmed orders, carts (cookie lines name product and size), order items and idempotency keys
-- all carry over unchanged.

CREATE TABLE "ProductColor" (
    "id" SERIAL NOT NULL,
    "productId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "nameBn" TEXT,
    "hex" TEXT NOT NULL,
    "images" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "position" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "ProductColor_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ProductColor_hex_check" CHECK ("hex" ~ '^#[0-9a-fA-F]{6}$'),
    CONSTRAINT "ProductColor_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "ProductColor_productId_name_key" ON "ProductColor"("productId", "name");

ALTER TABLE "ProductSize" ADD COLUMN "colorId" INTEGER,
  ADD CONSTRAINT "ProductSize_colorId_fkey" FOREIGN KEY ("colorId") REFERENCES "ProductColor"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "ProductSize_colorId_idx" ON "ProductSize"("colorId");

-- The variant key: (product, size) for colourless rows as before, (product, colour, size) for coloured ones.
DROP INDEX "ProductSize_productId_size_key";
CREATE UNIQUE INDEX "ProductSize_productId_size_key" ON "ProductSize"("productId", "size") WHERE "colorId" IS NULL;
CREATE UNIQUE INDEX "ProductSize_productId_colorId_size_key" ON "ProductSize"("productId", "colorId", "size") WHERE "colorId" IS NOT NULL;

ALTER TABLE "OrderItem" ADD COLUMN "colorId" INTEGER, ADD COLUMN "color" TEXT, ADD COLUMN "colorBn" TEXT,
  ADD CONSTRAINT "OrderItem_colorId_fkey" FOREIGN KEY ("colorId") REFERENCES "ProductColor"("id") ON DELETE SET NULL ON UPDATE CASCADE;
