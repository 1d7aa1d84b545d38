CREATE TABLE "saved_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variation_id" integer,
	"variation_key" integer DEFAULT 0 NOT NULL,
	"price_cents_at_save" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_items_price_positive" CHECK ("saved_items"."price_cents_at_save" > 0)
);
--> statement-breakpoint
CREATE TABLE "saved_lists" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"share_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_lists_share_token_unique" UNIQUE("share_token")
);
--> statement-breakpoint
CREATE TABLE "restock_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"product_id" integer NOT NULL,
	"variation_id" integer,
	"variation_key" integer DEFAULT 0 NOT NULL,
	"confirm_token" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	CONSTRAINT "restock_requests_confirm_token_unique" UNIQUE("confirm_token")
);
--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_variation_id_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_lists" ADD CONSTRAINT "saved_lists_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_requests" ADD CONSTRAINT "restock_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_requests" ADD CONSTRAINT "restock_requests_variation_id_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_items_line_uq" ON "saved_items" USING btree ("customer_id","product_id","variation_key");--> statement-breakpoint
CREATE UNIQUE INDEX "restock_requests_item_uq" ON "restock_requests" USING btree (lower("email"),"product_id","variation_key");--> statement-breakpoint
CREATE INDEX "restock_requests_waiting_idx" ON "restock_requests" USING btree ("product_id") WHERE "restock_requests"."confirmed_at" is not null and "restock_requests"."notified_at" is null;
