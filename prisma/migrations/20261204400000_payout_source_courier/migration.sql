-- Payouts read from a courier's payments API (decision 106) are recorded with source 'courier'.
ALTER TABLE "CourierPayout" DROP CONSTRAINT "CourierPayout_source_check";
ALTER TABLE "CourierPayout" ADD CONSTRAINT "CourierPayout_source_check" CHECK ("source" IN ('form', 'csv', 'webhook', 'courier'));
