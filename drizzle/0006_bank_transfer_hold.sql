ALTER TABLE "orders" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
-- Bank-transfer orders already waiting get the default hold of 7 days from when they were placed.
-- One already past it is not cancelled unwarned: its reminder goes out first and moves the date
-- to give the customer notice.
UPDATE "orders" SET "pay_by" = "created_at" + interval '7 days'
WHERE "payment_method" = 'bank-transfer' AND "status" = 'on-hold' AND "paid_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_status_pay_by_idx" ON "orders" USING btree ("status","pay_by");
