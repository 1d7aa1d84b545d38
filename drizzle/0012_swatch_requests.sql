CREATE TABLE "swatch_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"fabrics" jsonb NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"street_address1" text NOT NULL,
	"street_address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"postcode" text NOT NULL,
	"address_key" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by" integer
);
--> statement-breakpoint
ALTER TABLE "swatch_requests" ADD CONSTRAINT "swatch_requests_posted_by_customers_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swatch_requests_address_idx" ON "swatch_requests" USING btree ("address_key","created_at");--> statement-breakpoint
CREATE INDEX "swatch_requests_created_idx" ON "swatch_requests" USING btree ("created_at");