CREATE TABLE "media" (
	"hash" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_hash_hex" CHECK ("media"."hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "media_size_positive" CHECK ("media"."width" > 0 and "media"."height" > 0 and "media"."byte_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"alt" text NOT NULL,
	"fabric" text,
	"is_card" boolean DEFAULT false NOT NULL,
	"media_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_photos_alt_present" CHECK (length(btrim("product_photos"."alt")) > 0)
);
--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_media_hash_media_hash_fk" FOREIGN KEY ("media_hash") REFERENCES "public"."media"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_photos_product_idx" ON "product_photos" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_photos_one_card" ON "product_photos" USING btree ("product_id") WHERE "product_photos"."is_card";