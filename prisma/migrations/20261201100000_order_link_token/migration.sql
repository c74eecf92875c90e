-- Issue 41 item 1 (decision 084): the short link an SMS carries (SHOP_URL/o/<token>) opens its order.
-- Ten characters from a hash of two random UUIDs (gen_random_uuid draws from the server's strong
-- random source, no extension needed): about 59 bits, letters and digits only so a phone's
-- link detection never cuts it short. A volatile default gives every existing row its own token.
ALTER TABLE "Order" ADD COLUMN "linkToken" TEXT NOT NULL
  DEFAULT substr(translate(encode(decode(md5(gen_random_uuid()::text || gen_random_uuid()::text), 'hex'), 'base64'), '+/=', 'xy'), 1, 10);

CREATE UNIQUE INDEX "Order_linkToken_key" ON "Order"("linkToken");
