import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { categories, products } from "@/lib/db/schema";

type Known = { products: Set<string>; categories: Set<string>; loadedAt: number };

const KEY = Symbol.for("kaya.catalog.slugs");
type Global = typeof globalThis & { [KEY]?: Promise<Known> };

const MAX_AGE_MS = 60_000;
/** A miss reloads the list, but no more often than this, so random URLs cannot hammer the database. */
const MISS_RELOAD_MS = 5_000;

async function load(): Promise<Known> {
  const db = await getDb();
  const [p, c] = await Promise.all([
    db.select({ slug: products.slug }).from(products).where(eq(products.published, true)),
    db.select({ slug: categories.slug }).from(categories),
  ]);
  return { products: new Set(p.map((r) => r.slug)), categories: new Set(c.map((r) => r.slug)), loadedAt: Date.now() };
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
