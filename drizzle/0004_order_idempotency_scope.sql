ALTER TABLE "orders" DROP CONSTRAINT "orders_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_scope" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Earlier orders: a customer's key keeps replaying to that customer; a guest's cart was not
-- recorded, so those keys replay to nobody.
UPDATE "orders" SET "idempotency_scope" = 'customer:' || "customer_id" WHERE "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_uq" ON "orders" USING btree ("idempotency_scope","idempotency_key");
