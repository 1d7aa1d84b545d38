ALTER TABLE "fabrics" ADD COLUMN "colour_words" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "fabric_families" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fabric_families_name_lower_uq" ON "fabric_families" USING btree (lower("name"));--> statement-breakpoint
-- A shop that already has the demo's range keeps the words its search knew each colour by, and
-- the words its fabrics page said of each family; both were in the code until now. A fresh
-- database stays empty here; the demo seed or the back office fills it.
UPDATE "fabrics" AS f SET "colour_words" = v."words"
FROM (VALUES
	('Oat', 'beige, cream, natural, neutral'),
	('Sand', 'beige, natural, neutral, brown, tan'),
	('Stone', 'grey, gray, taupe, neutral'),
	('Charcoal', 'grey, gray, black'),
	('Olive', 'green, khaki'),
	('Terracotta', 'orange, rust, red'),
	('Ink', 'navy, blue, black'),
	('Ivory Bouclé', 'cream, white, ivory, off-white'),
	('Cognac', 'brown, tan')
) AS v("name", "words")
WHERE f."name" = v."name" AND f."colour_words" = '';--> statement-breakpoint
INSERT INTO "fabric_families" ("name", "about")
SELECT v.* FROM (VALUES
	('Linen weave', '45% linen, 55% polyester. Cool, soft and relaxed.'),
	('Performance weave', '100% polyester, tested to 60 000 rubs. For families and pets.'),
	('Velvet', 'Polyester pile on a cotton-blend backing. Deep colour, soft sheen.'),
	('Bouclé', '80% polyester, 20% acrylic loops. Textured and forgiving.'),
	('Leather', 'Full-grain South African cowhide on every seating surface.')
) AS v("name", "about")
WHERE EXISTS (SELECT 1 FROM "fabrics" AS f WHERE f."family" = v."name");
