import "server-only";
import { and, asc, desc, eq, like, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { categories, products, productSearch, searchWords } from "@/lib/db/schema";
import { summariesById } from "@/lib/catalog/queries";
import { productPictures, type Picture } from "@/lib/catalog/pictures";
import type { ProductPage, ProductQuery } from "@/lib/catalog/types";
import { displayQuery, parseQuery, toTsQuery, type Part } from "@/lib/search/query";
import { synonymsFor } from "@/lib/search/synonyms";
import { listFabrics } from "@/lib/catalog/queries";

/** How alike (pg_trgm similarity, 0-1) a misspelt word and a catalogue word must be to swap them. */
export const CORRECTION_THRESHOLD = 0.3;
/** Looser, for "Did you mean" after a search found nothing. */
const SUGGESTION_THRESHOLD = 0.2;

export type ResolvedQuery = {
  /** What was typed, folded, as the search reads it. */
  text: string;
  parts: Part[];
  /** The text-search query run; empty when the search held no word. */
  tsQuery: string;
  /** The search as run, when it differs from what was typed ("slepper cuch" -> "sleeper couch"). */
  correctedTo: string | null;
};

/*
 * The words are the catalogue's dictionary (`search_words`: each word of the products on sale,
 * once), so a correction compares a typed word with a few hundred words, not one row per product
 * and word.
 */
async function hasPrefix(db: Db, word: string): Promise<boolean> {
  const escaped = word.replace(/[\\%_]/g, "\\$&");
  const rows = await db
    .select({ term: searchWords.term })
    .from(searchWords)
    .where(like(searchWords.term, `${escaped}%`))
    .limit(1);
  return rows.length > 0;
}

/** Catalogue words most like `word` (products on sale only), most alike first. */
export async function closestTerms(db: Db, word: string, min = CORRECTION_THRESHOLD, limit = 3): Promise<string[]> {
  const similarity = sql<number>`similarity(${searchWords.term}, ${word})`;
  const rows = await db
    .select({ term: searchWords.term, similarity })
    .from(searchWords)
    // `%` finds candidates through the trigram index at pg_trgm's threshold (0.3 by default) ...
    .where(min >= CORRECTION_THRESHOLD ? sql`${searchWords.term} % ${word}` : sql`${similarity} >= ${min}`)
    .orderBy(desc(similarity), asc(searchWords.term))
    .limit(limit);
  // ... and this holds the line whatever that setting is.
  return rows.filter((r) => Number(r.similarity) >= min).map((r) => r.term);
}

/** Each word's closest catalogue word at the correction threshold, for all the words in one statement. */
async function closestToEach(db: Db, words: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(words)];
  if (unique.length === 0) return new Map();
  const result = (await db.execute(sql`
    select w.word, best.term
      from unnest(array[${sql.join(
        unique.map((w) => sql`${w}`),
        sql`, `,
      )}]::text[]) as w(word)
      cross join lateral (
        select ${searchWords.term} as term from ${searchWords}
         where ${searchWords.term} % w.word and similarity(${searchWords.term}, w.word) >= ${CORRECTION_THRESHOLD}
         order by similarity(${searchWords.term}, w.word) desc, ${searchWords.term} asc
         limit 1) best`)) as unknown as { rows: Array<{ word: string; term: string }> };
  return new Map(result.rows.map((r) => [r.word, r.term]));
}

/**
 * Checks each word against the catalogue's words: one it uses stays; an unfinished last word
 * (while typing) is completed as a prefix; a misspelt one becomes the closest word; one with no
 * near word stays and so matches nothing.
 */
export async function resolveQuery(db: Db, raw: string, opts: { prefixLast?: boolean } = {}): Promise<ResolvedQuery> {
  const { text, parts } = parseQuery(raw, synonymsFor(await listFabrics(db)));
  const resolved: Part[] = [];
  let corrected = false;
  const closest = await closestToEach(
    db,
    parts.filter((p) => p.kind === "word").map((p) => p.text),
  );
  for (const [i, part] of parts.entries()) {
    if (part.kind !== "word") {
      resolved.push(part);
      continue;
    }
    // A word the catalogue uses is its own closest word (similarity 1): one query tells both.
    const best = closest.get(part.text);
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
    text,
    parts: resolved,
    tsQuery: toTsQuery(resolved),
    correctedTo: corrected ? displayQuery(resolved) : null,
  };
}

/*
 * A search reads only the search index (`product_search`): each product's words and what a results
 * page sorts, filters and counts by (price, stock, fabrics), kept current by database triggers.
 * The text-search query is normalised once and then sent as a `tsquery` constant: written as
 * `to_tsquery(...)`, it was worked out again for every matching row when ranking.
 */
async function normalised(db: Db, tsQuery: string): Promise<SQL> {
  const result = (await db.execute(sql`select to_tsquery('english', ${tsQuery})::text as q`)) as unknown as {
    rows: Array<{ q: string }>;
  };
  return sql`${result.rows[0]?.q ?? ""}::tsquery`;
}

function matching(q: SQL): SQL {
  return and(eq(productSearch.published, true), sql`${productSearch.vector} @@ ${q}`)!;
}

type PageRow = {
  total: number | string;
  min: number | string | null;
  max: number | string | null;
  fabrics: Array<[string, number | string]> | string;
  ids: number[] | string;
};

const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/**
 * The results page's count, facets and one page of cards from the index, in one statement: the
 * matches are found once (`m`), then counted, faceted (over every match: the filter panel lists
 * what a filter could choose) and paged (over the filtered ones).
 */
async function searchPage(db: Db, q: SQL, query: Omit<ProductQuery, "category">): Promise<ProductPage> {
  const filters: SQL[] = [sql`true`];
  if (query.minCents !== undefined) filters.push(sql`${productSearch.priceCents} >= ${query.minCents}`);
  if (query.maxCents !== undefined) filters.push(sql`${productSearch.priceCents} <= ${query.maxCents}`);
  if (query.fabrics.length > 0)
    filters.push(
      sql`${productSearch.fabrics} && array[${sql.join(
        query.fabrics.map((f) => sql`${f}`),
        sql`, `,
      )}]::text[]`,
    );
  const byRank = query.sort !== "price-asc" && query.sort !== "price-desc" && query.sort !== "newest";
  const order =
    query.sort === "price-asc"
      ? sql`in_stock desc, price_cents asc, product_id`
      : query.sort === "price-desc"
        ? sql`in_stock desc, price_cents desc, product_id`
        : query.sort === "newest"
          ? sql`in_stock desc, created_at desc, product_id`
          : sql`in_stock desc, rank desc, featured desc, product_id`;
  const run = async (page: number): Promise<PageRow> => {
    const result = (await db.execute(sql`
      with m as materialized (
        select ${productSearch.productId} as product_id, ${productSearch.priceCents} as price_cents,
               ${productSearch.fabrics} as fabrics, ${productSearch.inStock} as in_stock,
               ${productSearch.featured} as featured, ${productSearch.createdAt} as created_at,
               ${byRank ? sql`ts_rank_cd(${productSearch.vector}, ${q})` : sql`0`} as rank,
               (${sql.join(filters, sql` and `)}) as ok
          from ${productSearch}
         where ${matching(q)}
      )
      select (select count(*) from m where ok) as total,
             (select min(price_cents) from m) as min,
             (select max(price_cents) from m) as max,
             (select coalesce(json_agg(json_build_array(f, n)), '[]')
                from (select f, count(*) as n from m, unnest(m.fabrics) f group by f) x) as fabrics,
             (select coalesce(json_agg(product_id order by r), '[]')
                from (select product_id, row_number() over (order by ${order}) as r
                        from m where ok order by ${order}
                       limit ${query.perPage} offset ${(page - 1) * query.perPage}) y) as ids`)) as unknown as {
      rows: PageRow[];
    };
    return result.rows[0]!;
  };
  let page = Math.max(1, query.page);
  let row = await run(page);
  const total = Number(row.total);
  const pageCount = Math.max(1, Math.ceil(total / query.perPage));
  if (page > pageCount) row = await run((page = pageCount));
  return {
    items: await summariesById(db, json(row.ids).map(Number)),
    total,
    page,
    pageCount,
    facets: {
      fabrics: json(row.fabrics)
        .map(([name, count]) => ({ name, count: Number(count) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      minCents: row.min === null ? 0 : Number(row.min),
      maxCents: row.max === null ? 0 : Number(row.max),
    },
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
  const typed = resolved.text;
  if (!resolved.tsQuery) return { ...EMPTY, query: typed, correctedTo: null, didYouMean: [] };
  const page = await searchPage(db, await normalised(db, resolved.tsQuery), query);
  const filtered = query.fabrics.length > 0 || query.minCents !== undefined || query.maxCents !== undefined;
  const didYouMean = page.total === 0 && !filtered ? await suggestionsFor(db, resolved.parts) : [];
  return { ...page, query: typed, correctedTo: resolved.correctedTo, didYouMean };
}

async function findsSomething(db: Db, tsQuery: string): Promise<boolean> {
  const rows = await db
    .select({ id: productSearch.productId })
    .from(productSearch)
    .where(matching(sql`to_tsquery('english', ${tsQuery})`))
    .limit(1);
  return rows.length > 0;
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
    if (await findsSomething(db, toTsQuery(candidate))) out.push(text);
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
  /** The product card's photograph, else its drawing. */
  image: Picture;
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
  const query = resolved.text;
  if (!resolved.tsQuery) return { query, correctedTo: null, products: [], categories: [] };
  const tsQuery = await normalised(db, resolved.tsQuery);
  const best = db
    .select({
      id: productSearch.productId,
      price: productSearch.priceCents,
      rank: sql<number>`ts_rank_cd(${productSearch.vector}, ${tsQuery})`.as("rank"),
      featured: productSearch.featured,
    })
    .from(productSearch)
    .where(matching(tsQuery))
    .orderBy(
      sql`ts_rank_cd(${productSearch.vector}, ${tsQuery}) desc`,
      desc(productSearch.featured),
      asc(productSearch.productId),
    )
    .limit(limit)
    .as("best");
  const variantPrices = sql<number>`(select count(distinct coalesce(v.sale_price_cents, v.regular_price_cents)) from variations v where v.product_id = "products"."id")`;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      images: products.images,
      categoryName: categories.name,
      price: best.price,
      prices: variantPrices,
    })
    .from(best)
    .innerJoin(products, eq(products.id, best.id))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(desc(best.rank), desc(best.featured), asc(best.id));
  const words = resolved.parts.flatMap((p) => p.terms.map((t) => t.replace(/:\*$/, "")));
  const pictures = await productPictures(
    db,
    rows.map((product) => ({ product })),
  );
  return {
    query,
    correctedTo: resolved.correctedTo,
    products: rows.map((r, i) => ({
      name: r.name,
      href: `/product/${r.slug}`,
      categoryName: r.categoryName,
      image: pictures[i]!,
      price: String(Number(r.price)),
      from: Number(r.prices) > 1,
    })),
    categories: await matchingCategories(db, words),
  };
}

/**
 * Categories one of whose words starts with a word of the search ("otto" -> Ottomans), with a
 * product on sale: the names are matched here, then only those categories are checked for one.
 */
async function matchingCategories(db: Db, words: string[]) {
  const named = (
    await db
      .select({ id: categories.id, slug: categories.slug, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.name))
  ).filter((c) => {
    const names = c.name
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean);
    return words.some((w) => w.length >= 3 && names.some((n) => n.startsWith(w) || w.startsWith(n)));
  });
  if (named.length === 0) return [];
  const onSale = await Promise.all(
    named.map(async (c) => {
      const rows = await db
        .select({ id: productSearch.productId })
        .from(productSearch)
        .where(and(eq(productSearch.categoryId, c.id), eq(productSearch.published, true)))
        .limit(1);
      return rows.length > 0;
    }),
  );
  return named.filter((_, i) => onSale[i]).map((c) => ({ name: c.name, href: `/product-category/${c.slug}` }));
}
