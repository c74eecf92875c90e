-- The back office's customers (issue 28 item 5, decision 067).
-- Buyers without an account are the e-mails of the orders without one: this
-- partial index holds exactly those orders by e-mail with their dates, so
-- listing the guests (their e-mail and first order) reads the index alone,
-- and one guest's orders (their counts, the order list's ?customer=) are one
-- probe. Partial indexes are not expressible in schema.prisma, so it lives here only.
CREATE INDEX "Order_guest_shippingEmail_createdAt_idx" ON "Order" ("shippingEmail", "createdAt") WHERE "userId" IS NULL;

-- A customer's orders by phone (?customer=01711…), and a phone typed in the
-- users list's search: an equality on the stored 11-digit form.
CREATE INDEX "Order_phone_idx" ON "Order" (phone);
