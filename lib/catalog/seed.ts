import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { categories, products, variations } from "@/lib/db/schema";
import { productImageSrc } from "@/lib/catalog/images";
import { attributesKey, defaultAttributes } from "@/lib/catalog/variations";
import { seedCategories, seedProducts } from "@/lib/catalog/seed-data";
import { DRAWING_VIEWS } from "@/lib/drawing/types";
import { seedCoupons } from "@/lib/coupons/seed";
import { seedReviews } from "@/lib/reviews/seed";

const VIEW_ALT = { main: "three-quarter view", front: "front view", detail: "fabric and seam detail" } as const;

/**
 * Writes the demo catalogue. Re-running it resets the demo products (prices, stock, copy)
 * to their seed values and leaves anything else in the database alone.
 */
export async function seedDatabase(db: Db, now = new Date()): Promise<{ products: number; variations: number }> {
  let variationCount = 0;
  await db.transaction(async (tx) => {
    const categoryIds = new Map<string, number>();
    for (const c of seedCategories) {
      const [row] = await tx
        .insert(categories)
        .values(c)
        .onConflictDoUpdate({
          target: categories.slug,
          set: { name: c.name, description: c.description, sortOrder: c.sortOrder },
        })
        .returning({ id: categories.id });
      categoryIds.set(c.slug, row!.id);
    }
    for (const p of seedProducts) {
      const attrs = defaultAttributes(p.attributes, p.variations?.[0]?.attributes);
      const images = DRAWING_VIEWS.map((view) => ({
        src: productImageSrc(p.slug, attrs, view),
        alt: `${p.name}, ${VIEW_ALT[view]}`,
      }));
      const values = {
        slug: p.slug,
        name: p.name,
        categoryId: categoryIds.get(p.category)!,
        shortDescription: p.shortDescription,
        description: p.description,
        features: p.features,
        specs: p.specs,
        dimensions: p.dimensions,
        care: p.care,
        attributes: p.attributes,
        drawing: p.drawing,
        images,
        regularPriceCents: p.regularPriceCents,
        salePriceCents: p.salePriceCents ?? null,
        stock: p.stock,
        featured: p.featured ?? false,
        createdAt: new Date(now.getTime() - p.createdDaysAgo * 86_400_000),
        updatedAt: now,
      };
      const [row] = await tx
        .insert(products)
        .values(values)
        .onConflictDoUpdate({ target: products.slug, set: { ...values, slug: undefined } })
        .returning({ id: products.id });
      const productId = row!.id;
      for (const [i, v] of (p.variations ?? []).entries()) {
        const key = attributesKey(v.attributes);
        const vals = {
          productId,
          sku: `${p.slug}--${key}`
            .toUpperCase()
            .replace(/[^A-Z0-9]+/g, "-")
            .replace(/-+$/g, ""),
          attributes: v.attributes,
          attributesKey: key,
          regularPriceCents: v.regularPriceCents,
          salePriceCents: v.salePriceCents ?? null,
          stock: v.stock,
          sortOrder: i,
        };
        await tx
          .insert(variations)
          .values(vals)
          .onConflictDoUpdate({
            target: [variations.productId, variations.attributesKey],
            set: {
              regularPriceCents: vals.regularPriceCents,
              salePriceCents: vals.salePriceCents,
              stock: vals.stock,
              sortOrder: vals.sortOrder,
              attributes: vals.attributes,
            },
          });
        variationCount++;
      }
    }
  });
  await seedReviews(db, now);
  await seedCoupons(db, now);
  return { products: seedProducts.length, variations: variationCount };
}

export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number | string>`count(*)` }).from(categories);
  if (Number(row?.n ?? 0) > 0) return false;
  await seedDatabase(db);
  return true;
}
