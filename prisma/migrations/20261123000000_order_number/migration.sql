-- A short number people can read out on the phone, shown as TB-10042. The
-- UUID stays the order id and the capability in its link. Existing orders
-- are numbered in the order they were placed.
CREATE SEQUENCE "Order_number_seq" START WITH 10001;
ALTER TABLE "Order" ADD COLUMN "number" INTEGER;
UPDATE "Order" o SET "number" = n.num
  FROM (SELECT id, nextval('"Order_number_seq"') AS num FROM (SELECT id FROM "Order" ORDER BY "createdAt", id) s) n
  WHERE o.id = n.id;
ALTER TABLE "Order" ALTER COLUMN "number" SET DEFAULT nextval('"Order_number_seq"');
ALTER TABLE "Order" ALTER COLUMN "number" SET NOT NULL;
ALTER SEQUENCE "Order_number_seq" OWNED BY "Order"."number";
CREATE UNIQUE INDEX "Order_number_key" ON "Order"("number");
