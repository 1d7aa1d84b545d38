-- When staff put a refunded order's items back in stock (once per order).
ALTER TABLE "orders" ADD COLUMN "restocked_at" timestamp with time zone;
