import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { categories, categoryRedirects, fabrics, productRedirects, products } from "@/lib/db/schema";
import { categoryCounts, type CategoryCounts } from "@/lib/catalog/queries";
import { PER_PAGE, type FabricRange } from "@/lib/catalog/search-params";

/**
 * What proxy.ts knows of the catalogue, read at most once a minute: which product and category
 * slugs exist, which former product and category slugs name which one now, how many products each
 * category has, in all and per fabric, and the fabric range (which fabric a ?fabric= slug chooses).
 */
type Known = {
  products: Set<string>;
  categories: Set<string>;
  formerCategories: Map<string, string>;
  formerProducts: Map<string, string>;
  counts: CategoryCounts;
  fabrics: FabricRange;
  loadedAt: number;
};

const KEY = Symbol.for("kaya.catalog.slugs");
type Global = typeof globalThis & { [KEY]?: Promise<Known> };

const MAX_AGE_MS = 60_000;
/** A miss reloads the list, but no more often than this, so random URLs cannot hammer the database. */
const MISS_RELOAD_MS = 5_000;

async function load(): Promise<Known> {
  const db = await getDb();
  const [p, c, former, formerProducts, counts, range] = await Promise.all([
    db.select({ slug: products.slug }).from(products).where(eq(products.published, true)),
    db.select({ slug: categories.slug }).from(categories),
    db
      .select({ from: categoryRedirects.fromSlug, to: categories.slug })
      .from(categoryRedirects)
      .innerJoin(categories, eq(categories.id, categoryRedirects.categoryId)),
    db
      .select({ from: productRedirects.fromSlug, to: products.slug })
      .from(productRedirects)
      .innerJoin(products, eq(products.id, productRedirects.productId))
      .where(eq(products.published, true)),
    categoryCounts(db),
    db.select({ name: fabrics.name, slug: fabrics.slug }).from(fabrics).orderBy(fabrics.position, fabrics.name),
  ]);
  return {
    products: new Set(p.map((r) => r.slug)),
    categories: new Set(c.map((r) => r.slug)),
    formerCategories: new Map(former.map((r) => [r.from, r.to])),
    formerProducts: new Map(formerProducts.map((r) => [r.from, r.to])),
    counts,
    fabrics: range,
    loadedAt: Date.now(),
  };
}

async function known(reloadIfOlderThan: number): Promise<Known> {
  const g = globalThis as Global;
  const current = g[KEY] ? await g[KEY].catch(() => null) : null;
  if (current && Date.now() - current.loadedAt < reloadIfOlderThan) return current;
  g[KEY] = load();
  return g[KEY];
}

/**
 * Whether a catalogue slug exists. Used before rendering so that an unknown product or
 * category answers with a real 404 status, not a 200 whose streamed body says "not found".
 */
export async function slugExists(kind: "products" | "categories", slug: string): Promise<boolean> {
  if ((await known(MAX_AGE_MS))[kind].has(slug)) return true;
  return (await known(MISS_RELOAD_MS))[kind].has(slug);
}

/**
 * The slug a category has now, when `slug` is one of its former ones (staff changed it in the
 * back office), or null.
 */
export async function renamedCategory(slug: string): Promise<string | null> {
  return (await known(MAX_AGE_MS)).formerCategories.get(slug) ?? null;
}

/**
 * The slug a published product has now, when `slug` is one of its former ones, or null. Read
 * afresh on a miss (no more often than a miss reloads the slugs), so a rename made a moment ago
 * on another process already leads on.
 */
export async function renamedProduct(slug: string): Promise<string | null> {
  const now = (await known(MAX_AGE_MS)).formerProducts.get(slug);
  if (now) return now;
  return (await known(MISS_RELOAD_MS)).formerProducts.get(slug) ?? null;
}

/** The fabric range in the shop's order, as the catalogue's addresses choose fabrics by slug. */
export async function knownFabrics(): Promise<FabricRange> {
  return (await known(MAX_AGE_MS)).fabrics;
}

/**
 * The back office changed the categories or a product's address or visibility: this process reads them afresh at the next request.
 * Another process sees the change within a minute, or at once for a slug it does not know.
 */
export function forgetCatalogueSlugs(): void {
  delete (globalThis as Global)[KEY];
}

function pagesOf(known: Known, category: string, fabric: string | undefined): number {
  const counts = known.counts.get(category);
  const n = (fabric === undefined ? counts?.total : counts?.fabrics.get(fabric)) ?? 0;
  return Math.max(1, Math.ceil(n / PER_PAGE));
}

/**
 * How many pages a category has, on its own or with one fabric chosen (lib/catalog/category-view.ts).
 * When `page` is past them the counts are read again first (no more often than a miss reloads the
 * slugs), so a page that a product added a moment ago made is not sent back.
 */
export async function categoryLastPage(category: string, fabric: string | undefined, page: number): Promise<number> {
  const pages = pagesOf(await known(MAX_AGE_MS), category, fabric);
  return page <= pages ? pages : pagesOf(await known(MISS_RELOAD_MS), category, fabric);
}
