ALTER TABLE "orders" ADD COLUMN "email_normalized" text;--> statement-breakpoint
-- Earlier orders, normalised as lib/coupons/customer-email.ts does: lower case, trimmed, the
-- +tag dropped, and for Gmail the dots dropped and googlemail.com read as gmail.com. Unpaid ones
-- then count towards their shopper's limit of unpaid orders like new ones.
WITH "parts" AS (
  SELECT "id", "e", regexp_replace("e", '@[^@]*$', '') AS "local", substring("e" from '@([^@]*)$') AS "domain"
  FROM (SELECT "id", lower(btrim("email")) AS "e" FROM "orders") AS "lowered"
), "untagged" AS (
  SELECT "id", "e", "domain",
    CASE WHEN position('+' in "local") > 1 THEN substr("local", 1, position('+' in "local") - 1) ELSE "local" END AS "local",
    CASE WHEN "domain" = 'googlemail.com' THEN 'gmail.com' ELSE "domain" END AS "host"
  FROM "parts"
)
UPDATE "orders" AS "o"
SET "email_normalized" = CASE
  WHEN "u"."domain" IS NULL OR "u"."local" = '' THEN "u"."e"
  WHEN "u"."host" = 'gmail.com' AND replace("u"."local", '.', '') <> '' THEN replace("u"."local", '.', '') || '@gmail.com'
  ELSE "u"."local" || '@' || "u"."host"
END
FROM "untagged" AS "u"
WHERE "o"."id" = "u"."id";--> statement-breakpoint
CREATE INDEX "orders_email_normalized_idx" ON "orders" USING btree ("email_normalized");--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("phone");
