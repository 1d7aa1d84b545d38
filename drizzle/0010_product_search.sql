CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"document" text NOT NULL,
	"vector" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"product_id" integer NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "search_terms_product_id_term_pk" PRIMARY KEY("product_id","term")
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_terms" ADD CONSTRAINT "search_terms_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_vector_idx" ON "product_search" USING gin ("vector");--> statement-breakpoint
CREATE INDEX "product_search_document_trgm_idx" ON "product_search" USING gin ("document" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_term_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
-- Lower case without accents ("Bouclé" -> "boucle"), the same folding the search query gets.
CREATE OR REPLACE FUNCTION kaya_search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(coalesce(t, ''),
    'áàâäãåçéèêëíìîïñóòôöõúùûüýÿÁÀÂÄÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝ',
    'aaaaaaceeeeiiiinooooouuuuyyAAAAAACEEEEIIIINOOOOOUUUUY'))
$$;--> statement-breakpoint
-- Rewrites one product's search document and words; a product that is gone loses both.
CREATE OR REPLACE FUNCTION kaya_product_search_refresh(pid integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pname text;
  cname text;
  attrs text;
BEGIN
  SELECT kaya_search_fold(p.name), kaya_search_fold(c.name),
         kaya_search_fold((SELECT string_agg(o, ' ') FROM jsonb_array_elements(p.attributes) a,
                                 jsonb_array_elements_text(a->'options') o))
    INTO pname, cname, attrs
    FROM products p JOIN categories c ON c.id = p.category_id
   WHERE p.id = pid;
  DELETE FROM search_terms WHERE product_id = pid;
  IF pname IS NULL THEN
    DELETE FROM product_search WHERE product_id = pid;
    RETURN;
  END IF;
  INSERT INTO product_search (product_id, document, vector)
  VALUES (pid, concat_ws(' ', pname, cname, attrs),
          setweight(to_tsvector('english', pname), 'A')
          || setweight(to_tsvector('english', cname), 'B')
          || setweight(to_tsvector('english', attrs), 'C'))
  ON CONFLICT (product_id) DO UPDATE SET document = excluded.document, vector = excluded.vector;
  INSERT INTO search_terms (product_id, term)
  SELECT DISTINCT pid, w
    FROM regexp_split_to_table(concat_ws(' ', pname, cname, attrs), '[^a-z0-9]+') w
   WHERE length(w) >= 2 AND w !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kaya_products_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kaya_product_search_refresh(NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kaya_categories_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kaya_product_search_refresh(p.id) FROM products p WHERE p.category_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_refresh AFTER INSERT OR UPDATE OF name, category_id, attributes ON products
  FOR EACH ROW EXECUTE FUNCTION kaya_products_search_trigger();--> statement-breakpoint
CREATE TRIGGER categories_search_refresh AFTER UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION kaya_categories_search_trigger();--> statement-breakpoint
SELECT kaya_product_search_refresh(id) FROM products;