import { inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { products, reviews } from "@/lib/db/schema";
import { seedReviews as SEED } from "@/lib/reviews/seed-data";

/**
 * Writes the demo reviews. Reviews already there (same product and e-mail) are left alone, so
 * re-running the seed never duplicates or overwrites what customers wrote.
 */
export async function seedReviews(db: Db, now = new Date()): Promise<number> {
  const slugs = [...new Set(SEED.map((r) => r.product))];
  const rows = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(inArray(products.slug, slugs));
  const ids = new Map(rows.map((r) => [r.slug, r.id]));
  const values = SEED.filter((r) => ids.has(r.product)).map((r) => ({
    productId: ids.get(r.product)!,
    name: r.name,
    email: r.email,
    title: r.title,
    message: r.message,
    rating: r.rating,
    published: true,
    verifiedBuyer: r.verifiedBuyer ?? true,
    createdAt: new Date(now.getTime() - r.daysAgo * 86_400_000),
  }));
  if (values.length === 0) return 0;
  const inserted = await db.insert(reviews).values(values).onConflictDoNothing().returning({ id: reviews.id });
  return inserted.length;
}
