-- "Has this account received this product?" is the orders domain's fact (decision 116). It is
-- published here as a view, orders' face in SQL, so that a catalogue read can ask it inside its one
-- statement (a review's verified-purchase mark, decision 050) without naming orders' tables, and so
-- that the review hold (decision 105) asks the very same rule. One row per delivered, uncancelled
-- order line: ask it with EXISTS. A plain view is expanded into the query that reads it, so the
-- check still walks the writer's delivered orders in "Order_userId_delivered_idx" and stops at the
-- first line with the product, as before.
CREATE VIEW delivered_purchase AS
  SELECT o."userId" AS user_id, i."productId" AS product_id
    FROM "Order" o JOIN "OrderItem" i ON i."orderId" = o.id
   WHERE o."isDelivered" AND o."cancelledAt" IS NULL;
