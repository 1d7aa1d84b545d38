ALTER TABLE "products" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_publish_at_idx" ON "products" USING btree ("publish_at") WHERE "products"."publish_at" is not null;
