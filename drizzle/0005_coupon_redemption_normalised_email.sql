DROP INDEX "coupon_redemptions_coupon_idx";--> statement-breakpoint
DROP INDEX "coupon_redemptions_email_idx";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "email_normalized" text;--> statement-breakpoint
-- Earlier redemptions, normalised as lib/coupons/customer-email.ts does: lower case, trimmed, the
-- +tag dropped, and for Gmail the dots dropped and googlemail.com read as gmail.com.
WITH "parts" AS (
  SELECT "id", "e", regexp_replace("e", '@[^@]*$', '') AS "local", substring("e" from '@([^@]*)$') AS "domain"
  FROM (SELECT "id", lower(btrim("email")) AS "e" FROM "coupon_redemptions") AS "lowered"
), "untagged" AS (
  SELECT "id", "e", "domain",
    CASE WHEN position('+' in "local") > 1 THEN substr("local", 1, position('+' in "local") - 1) ELSE "local" END AS "local",
    CASE WHEN "domain" = 'googlemail.com' THEN 'gmail.com' ELSE "domain" END AS "host"
  FROM "parts"
)
UPDATE "coupon_redemptions" AS "r"
SET "email_normalized" = CASE
  WHEN "u"."domain" IS NULL OR "u"."local" = '' THEN "u"."e"
  WHEN "u"."host" = 'gmail.com' AND replace("u"."local", '.', '') <> '' THEN replace("u"."local", '.', '') || '@gmail.com'
  ELSE "u"."local" || '@' || "u"."host"
END
FROM "untagged" AS "u"
WHERE "r"."id" = "u"."id";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ALTER COLUMN "email_normalized" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_email_idx" ON "coupon_redemptions" USING btree ("coupon_id","email_normalized");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_customer_idx" ON "coupon_redemptions" USING btree ("coupon_id","customer_id");
