-- The shop's settings that staff change in the back office (the bank account for transfers, which
-- payment methods are offered), one row per part, each a document the application validates.
CREATE TABLE "shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
