ALTER TABLE "categories" ADD COLUMN "image" text;--> statement-breakpoint
-- The demo's four categories keep the drawn tiles the shop used to name by slug; any other
-- category shows its first product's picture until staff give it one.
UPDATE "categories" SET "image" = '/images/generated/category-' || "slug" || '.svg'
WHERE "slug" IN ('couches', 'sleeper-couches', 'ottomans', 'bed-frames') AND "image" IS NULL;
