CREATE TABLE "search_words" (
	"term" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "category_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "fabrics" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_term_trgm_idx" ON "search_words" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
-- Brings one product's words to `terms`: only the words that change are written, in word order
-- (so two products edited at once take the words' locks in the same order), and each word's
-- count of products in `search_words` follows; a word no product uses any more leaves it.
CREATE OR REPLACE FUNCTION kaya_search_terms_set(pid integer, terms text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    WITH old AS (SELECT term FROM search_terms WHERE product_id = pid),
         new AS (SELECT DISTINCT t AS term FROM unnest(terms) t)
    SELECT coalesce(n.term, o.term) AS term, n.term IS NOT NULL AS added
      FROM old o FULL JOIN new n ON n.term = o.term
     WHERE (o.term IS NULL) <> (n.term IS NULL)
     ORDER BY 1
  LOOP
    IF r.added THEN
      INSERT INTO search_terms (product_id, term) VALUES (pid, r.term);
      INSERT INTO search_words (term, products) VALUES (r.term, 1)
        ON CONFLICT (term) DO UPDATE SET products = search_words.products + 1;
    ELSE
      DELETE FROM search_terms WHERE product_id = pid AND term = r.term;
      UPDATE search_words SET products = products - 1 WHERE term = r.term;
      DELETE FROM search_words WHERE term = r.term AND products <= 0;
    END IF;
  END LOOP;
END
$$;--> statement-breakpoint
-- What a results page sorts, filters and counts by, from the product and its variations; the row
-- is written only when something changed (a sale that leaves a variation in stock writes nothing).
CREATE OR REPLACE FUNCTION kaya_product_search_facts(pid integer) RETURNS void LANGUAGE sql AS $$
  UPDATE product_search ps
     SET category_id = f.category_id, published = f.published, featured = f.featured,
         created_at = f.created_at, price_cents = f.price_cents, in_stock = f.in_stock, fabrics = f.fabrics
    FROM (
      SELECT p.category_id, p.published, p.featured, p.created_at,
             coalesce(v.price, p.sale_price_cents, p.regular_price_cents) AS price_cents,
             CASE WHEN v.n > 0 THEN v.stocked ELSE p.stock > 0 END AS in_stock,
             coalesce((SELECT array_agg(DISTINCT o ORDER BY o)
                         FROM jsonb_array_elements(p.attributes) a, jsonb_array_elements_text(a->'options') o
                        WHERE a->>'name' = 'Fabric'), '{}') AS fabrics
        FROM products p,
             LATERAL (SELECT count(*) AS n, min(coalesce(sale_price_cents, regular_price_cents)) AS price,
                             bool_or(stock > 0) AS stocked
                        FROM variations WHERE product_id = pid) v
       WHERE p.id = pid
    ) f
   WHERE ps.product_id = pid
     AND (ps.category_id, ps.published, ps.featured, ps.created_at, ps.price_cents, ps.in_stock, ps.fabrics)
         IS DISTINCT FROM (f.category_id, f.published, f.featured, f.created_at, f.price_cents, f.in_stock, f.fabrics)
$$;--> statement-breakpoint
-- Rewrites one product's search row and words; a product that is gone loses both, one not on
-- sale keeps its row (marked) but lends no words to the corrections.
CREATE OR REPLACE FUNCTION kaya_product_search_refresh(pid integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pname text;
  cname text;
  attrs text;
  live boolean;
BEGIN
  SELECT kaya_search_fold(p.name), kaya_search_fold(c.name),
         kaya_search_fold((SELECT string_agg(o, ' ') FROM jsonb_array_elements(p.attributes) a,
                                 jsonb_array_elements_text(a->'options') o)),
         p.published
    INTO pname, cname, attrs, live
    FROM products p JOIN categories c ON c.id = p.category_id
   WHERE p.id = pid;
  IF pname IS NULL THEN
    PERFORM kaya_search_terms_set(pid, '{}');
    DELETE FROM product_search WHERE product_id = pid;
    RETURN;
  END IF;
  INSERT INTO product_search (product_id, document, vector)
  VALUES (pid, concat_ws(' ', pname, cname, attrs),
          setweight(to_tsvector('english', pname), 'A')
          || setweight(to_tsvector('english', cname), 'B')
          || setweight(to_tsvector('english', attrs), 'C'))
  ON CONFLICT (product_id) DO UPDATE SET document = excluded.document, vector = excluded.vector;
  PERFORM kaya_product_search_facts(pid);
  PERFORM kaya_search_terms_set(pid, CASE WHEN live THEN ARRAY(
    SELECT w FROM regexp_split_to_table(concat_ws(' ', pname, cname, attrs), '[^a-z0-9]+') w
     WHERE length(w) >= 2 AND w !~ '^[0-9]+$') ELSE '{}' END);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kaya_products_search_facts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kaya_product_search_facts(NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kaya_products_search_forget_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kaya_search_terms_set(OLD.id, '{}');
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kaya_variations_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM kaya_product_search_facts(OLD.product_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.product_id <> OLD.product_id) THEN
    PERFORM kaya_product_search_facts(NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_refresh ON products;--> statement-breakpoint
CREATE TRIGGER products_search_refresh AFTER INSERT OR UPDATE OF name, category_id, attributes, published ON products
  FOR EACH ROW EXECUTE FUNCTION kaya_products_search_trigger();--> statement-breakpoint
CREATE TRIGGER products_search_facts AFTER UPDATE OF featured, created_at, regular_price_cents, sale_price_cents, stock ON products
  FOR EACH ROW WHEN (OLD.featured IS DISTINCT FROM NEW.featured
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.regular_price_cents IS DISTINCT FROM NEW.regular_price_cents
    OR OLD.sale_price_cents IS DISTINCT FROM NEW.sale_price_cents
    OR (OLD.stock > 0) IS DISTINCT FROM (NEW.stock > 0))
  EXECUTE FUNCTION kaya_products_search_facts_trigger();--> statement-breakpoint
CREATE TRIGGER products_search_forget BEFORE DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION kaya_products_search_forget_trigger();--> statement-breakpoint
CREATE TRIGGER variations_search_insert_delete AFTER INSERT OR DELETE ON variations
  FOR EACH ROW EXECUTE FUNCTION kaya_variations_search_trigger();--> statement-breakpoint
CREATE TRIGGER variations_search_update AFTER UPDATE OF product_id, regular_price_cents, sale_price_cents, stock ON variations
  FOR EACH ROW WHEN (OLD.product_id IS DISTINCT FROM NEW.product_id
    OR OLD.regular_price_cents IS DISTINCT FROM NEW.regular_price_cents
    OR OLD.sale_price_cents IS DISTINCT FROM NEW.sale_price_cents
    OR (OLD.stock > 0) IS DISTINCT FROM (NEW.stock > 0))
  EXECUTE FUNCTION kaya_variations_search_trigger();--> statement-breakpoint
-- Every product's words again, counted this time (and none for products not on sale).
DELETE FROM search_terms;--> statement-breakpoint
SELECT kaya_product_search_refresh(id) FROM products;
