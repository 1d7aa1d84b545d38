import "server-only";
import { and, asc, desc, eq, like, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { categories, products, productSearch, searchTerms } from "@/lib/db/schema";
import { effectivePrice, listCategories, listProducts } from "@/lib/catalog/queries";
import { productImageSrc } from "@/lib/catalog/images";
import type { CategorySummary, ProductPage, ProductQuery } from "@/lib/catalog/types";
import { displayQuery, parseQuery, toTsQuery, type Part } from "@/lib/search/query";

/** How alike (pg_trgm similarity, 0-1) a misspelt word and a catalogue word must be to swap them. */
export const CORRECTION_THRESHOLD = 0.3;
/** Looser, for "Did you mean" after a search found nothing. */
const SUGGESTION_THRESHOLD = 0.2;

export type ResolvedQuery = {
  parts: Part[];
  /** The text-search query run; empty when the search held no word. */
  tsQuery: string;
  /** The search as run, when it differs from what was typed ("slepper cuch" -> "sleeper couch"). */
  correctedTo: string | null;
};

const publishedTerm = and(eq(products.id, searchTerms.productId), eq(products.published, true));

async function hasPrefix(db: Db, word: string): Promise<boolean> {
  const escaped = word.replace(/[\\%_]/g, "\\$&");
  const rows = await db
    .select({ term: searchTerms.term })
    .from(searchTerms)
    .innerJoin(products, publishedTerm)
    .where(like(searchTerms.term, `${escaped}%`))
    .limit(1);
  return rows.length > 0;
}

/** Catalogue words most like `word` (published products' only), most alike first. */
export async function closestTerms(db: Db, word: string, min = CORRECTION_THRESHOLD, limit = 3): Promise<string[]> {
  const similarity = sql<number>`similarity(${searchTerms.term}, ${word})`;
  const rows = await db
    .select({ term: searchTerms.term, similarity })
    .from(searchTerms)
    .innerJoin(products, publishedTerm)
    // `%` finds candidates through the trigram index at pg_trgm's threshold (0.3 by default) ...
    .where(min >= CORRECTION_THRESHOLD ? sql`${searchTerms.term} % ${word}` : sql`${similarity} >= ${min}`)
    .groupBy(searchTerms.term)
    .orderBy(desc(similarity), asc(searchTerms.term))
    .limit(limit);
  // ... and this holds the line whatever that setting is.
  return rows.filter((r) => Number(r.similarity) >= min).map((r) => r.term);
}

/**
 * Checks each word against the catalogue's words: one it uses stays; an unfinished last word
 * (while typing) is completed as a prefix; a misspelt one becomes the closest word; one with no
 * near word stays and so matches nothing.
 */
export async function resolveQuery(db: Db, raw: string, opts: { prefixLast?: boolean } = {}): Promise<ResolvedQuery> {
  const { parts } = parseQuery(raw);
  const resolved: Part[] = [];
  let corrected = false;
  for (const [i, part] of parts.entries()) {
    if (part.kind !== "word") {
      resolved.push(part);
      continue;
    }
    // A word the catalogue uses is its own closest word (similarity 1): one query tells both.
    const [best] = await closestTerms(db, part.text, CORRECTION_THRESHOLD, 1);
    if (best === part.text) {
      resolved.push(part);
    } else if (opts.prefixLast && i === parts.length - 1 && (await hasPrefix(db, part.text))) {
      resolved.push({ ...part, terms: [`${part.text}:*`] });
    } else if (best) {
      corrected = true;
      resolved.push({ ...part, terms: [best], display: best });
    } else {
      resolved.push(part);
    }
  }
  return {
    parts: resolved,
    tsQuery: toTsQuery(resolved),
    correctedTo: corrected ? displayQuery(resolved) : null,
  };
}

function tsQuerySql(tsQuery: string): SQL {
  return sql`to_tsquery('english', ${tsQuery})`;
}

/** The products a query matches, as a condition on `products`, and their rank. */
function matchOf(tsQuery: string): { match: SQL; rank: SQL } {
  return {
    match: sql`${products.id} in (select ${productSearch.productId} from ${productSearch} where ${productSearch.vector} @@ ${tsQuerySql(tsQuery)})`,
    rank: sql`(select ts_rank_cd(${productSearch.vector}, ${tsQuerySql(tsQuery)}) from ${productSearch} where ${productSearch.productId} = ${products.id})`,
  };
}

export type SearchPage = ProductPage & {
  /** The search as typed, folded. */
  query: string;
  correctedTo: string | null;
  /** When nothing matched: searches close to this one that find something. */
  didYouMean: string[];
};

const EMPTY: ProductPage = {
  items: [],
  total: 0,
  page: 1,
  pageCount: 1,
  facets: { fabrics: [], minCents: 0, maxCents: 0 },
};

/** The results page: the catalogue's filters, sort and pages over the products a search matches. */
export async function searchProducts(db: Db, q: string, query: Omit<ProductQuery, "category">): Promise<SearchPage> {
  const resolved = await resolveQuery(db, q);
  const typed = parseQuery(q).text;
  if (!resolved.tsQuery) return { ...EMPTY, query: typed, correctedTo: null, didYouMean: [] };
  const page = await listProducts(db, query, matchOf(resolved.tsQuery));
  const filtered = query.fabrics.length > 0 || query.minCents !== undefined || query.maxCents !== undefined;
  const didYouMean = page.total === 0 && !filtered ? await suggestionsFor(db, resolved.parts) : [];
  return { ...page, query: typed, correctedTo: resolved.correctedTo, didYouMean };
}

async function countMatches(db: Db, tsQuery: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(productSearch)
    .innerJoin(products, and(eq(products.id, productSearch.productId), eq(products.published, true)))
    .where(sql`${productSearch.vector} @@ ${tsQuerySql(tsQuery)}`);
  return Number(row?.n ?? 0);
}

/**
 * Searches near one that found nothing: each word swapped for catalogue words like it, or, when
 * every word is known but not together, the words that find something on their own.
 */
async function suggestionsFor(db: Db, parts: Part[]): Promise<string[]> {
  const out: string[] = [];
  const tryQuery = async (candidate: Part[]) => {
    const text = displayQuery(candidate);
    if (out.includes(text) || candidate.length === 0) return;
    if ((await countMatches(db, toTsQuery(candidate))) > 0) out.push(text);
  };
  for (const [i, part] of parts.entries()) {
    if (part.kind !== "word") continue;
    for (const term of await closestTerms(db, part.text, SUGGESTION_THRESHOLD, 3)) {
      if (term === part.text) continue;
      const swapped = parts.map((p, j) => (j === i ? { ...p, terms: [term], display: term } : p));
      await tryQuery(swapped);
      await tryQuery([{ ...part, terms: [term], display: term }]);
    }
  }
  if (parts.length > 1) for (const part of parts) await tryQuery([part]);
  return out.slice(0, 5);
}

export type Suggestion = {
  name: string;
  href: string;
  categoryName: string;
  image: { src: string; alt: string };
  /** Integer cents, as a string, like every amount the API gives. */
  price: string;
  from: boolean;
};

export type Suggestions = {
  query: string;
  correctedTo: string | null;
  products: Suggestion[];
  categories: Array<{ name: string; href: string }>;
};

/** What the header's search box lists while the shopper types: a few products and categories. */
export async function suggest(db: Db, q: string, limit = 6): Promise<Suggestions> {
  const resolved = await resolveQuery(db, q, { prefixLast: true });
  const query = parseQuery(q).text;
  if (!resolved.tsQuery) return { query, correctedTo: null, products: [], categories: [] };
  const { match, rank } = matchOf(resolved.tsQuery);
  const variantPrices = sql<number>`(select count(distinct coalesce(v.sale_price_cents, v.regular_price_cents)) from variations v where v.product_id = "products"."id")`;
  const rows = await db
    .select({
      name: products.name,
      slug: products.slug,
      images: products.images,
      categoryName: categories.name,
      price: effectivePrice,
      prices: variantPrices,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.published, true), match))
    .orderBy(sql`${rank} desc`, desc(products.featured), asc(products.id))
    .limit(limit);
  const words = resolved.parts.flatMap((p) => p.terms.map((t) => t.replace(/:\*$/, "")));
  const cats = await listCategories(db);
  return {
    query,
    correctedTo: resolved.correctedTo,
    products: rows.map((r) => ({
      name: r.name,
      href: `/product/${r.slug}`,
      categoryName: r.categoryName,
      image: r.images[0] ?? { src: productImageSrc(r.slug, {}, "main"), alt: r.name },
      price: String(Number(r.price)),
      from: Number(r.prices) > 1,
    })),
    categories: matchingCategories(cats, words),
  };
}

/** Categories one of whose words starts with a word of the search ("otto" -> Ottomans). */
function matchingCategories(cats: CategorySummary[], words: string[]) {
  return cats
    .filter((c) => c.productCount > 0)
    .filter((c) => {
      const names = c.name
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter(Boolean);
      return words.some((w) => w.length >= 3 && names.some((n) => n.startsWith(w) || w.startsWith(n)));
    })
    .map((c) => ({ name: c.name, href: `/product-category/${c.slug}` }));
}
