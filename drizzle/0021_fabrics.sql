CREATE TABLE "fabrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"hex" text NOT NULL,
	"shade" text NOT NULL,
	"family" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"restock_weeks" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fabrics_slug_unique" UNIQUE("slug"),
	CONSTRAINT "fabrics_hex_colour" CHECK ("fabrics"."hex" ~ '^#[0-9a-f]{6}$' and "fabrics"."shade" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "fabrics_restock_weeks_range" CHECK ("fabrics"."restock_weeks" between 1 and 26)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fabrics_name_lower_uq" ON "fabrics" USING btree (lower("name"));--> statement-breakpoint
-- A database that already sells (products from before this migration) names these fabrics in its
-- variations: it gets the range it was built with, so every option keeps its colour, swatch and
-- restock note. A fresh database stays empty here; the demo seed or the back office fills it.
INSERT INTO "fabrics" ("slug", "name", "hex", "shade", "family", "note", "restock_weeks", "position")
SELECT v.* FROM (VALUES
	('oat', 'Oat', '#d9ccb4', '#b3a488', 'Linen weave', 'A warm, undyed-looking linen blend that suits light lounges.', 3, 0),
	('sand', 'Sand', '#c8b08a', '#a08a66', 'Linen weave', 'Beach-sand beige with a soft slub; hides everyday dust well.', 3, 1),
	('stone', 'Stone', '#a39e93', '#7f7a70', 'Performance weave', 'A grey-taupe weave that stands up to kids, pets and red wine.', 4, 2),
	('charcoal', 'Charcoal', '#4a4a4d', '#2f2f32', 'Performance weave', 'Deep grey, tightly woven, the most forgiving colour we make.', 4, 3),
	('olive', 'Olive', '#6f7250', '#4f5236', 'Velvet', 'A muted olive velvet with a gentle sheen in daylight.', 5, 4),
	('terracotta', 'Terracotta', '#b5654a', '#8c4833', 'Velvet', 'Earthy, sun-baked red-orange; a statement without shouting.', 5, 5),
	('ink', 'Ink', '#2e3a52', '#1e2738', 'Velvet', 'Navy so deep it reads almost black at night.', 5, 6),
	('ivory-boucle', 'Ivory Bouclé', '#ece6da', '#cbc2b2', 'Bouclé', 'Looped, nubbly and soft; the texture people reach out to touch.', 6, 7),
	('cognac', 'Cognac', '#8a5533', '#643a20', 'Leather', 'Full-grain leather that darkens and softens with the years.', 8, 8)
) AS v("slug", "name", "hex", "shade", "family", "note", "restock_weeks", "position")
WHERE EXISTS (SELECT 1 FROM "products");
