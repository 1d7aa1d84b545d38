import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { categories, fabricFamilies, fabrics, orders, products, variations } from "@/lib/db/schema";
import { productImageSrc } from "@/lib/catalog/images";
import { attributesKey, defaultAttributes, variationSku } from "@/lib/catalog/variations";
import { seedCategories, seedProducts, sizeDimensions } from "@/lib/catalog/seed-data";
import { seedFabricFamilies, seedFabrics } from "@/lib/catalog/seed-fabrics";
import { DRAWING_VIEWS } from "@/lib/drawing/types";
import { seedCoupons } from "@/lib/coupons/seed";
import { seedReviews } from "@/lib/reviews/seed";

const VIEW_ALT = { main: "three-quarter view", front: "front view", detail: "fabric and seam detail" } as const;

/**
 * Writes the demo catalogue. Re-running it resets the demo products (prices, stock, copy)
 * to their seed values and leaves anything else in the database alone. Callers outside tests go
 * through seedOnRequest or seedIfEmpty, which refuse a database that already holds a shop.
 */
export async function seedDatabase(db: Db, now = new Date()): Promise<{ products: number; variations: number }> {
  let variationCount = 0;
  await db.transaction(async (tx) => {
    for (const [position, f] of seedFabrics.entries()) {
      const values = { ...f, position, updatedAt: now };
      await tx
        .insert(fabrics)
        .values(values)
        .onConflictDoUpdate({ target: fabrics.slug, set: { ...values, slug: undefined } });
    }
    for (const family of seedFabricFamilies) {
      const updated = await tx
        .update(fabricFamilies)
        .set({ about: family.about, updatedAt: now })
        .where(sql`lower(${fabricFamilies.name}) = lower(${family.name})`)
        .returning({ id: fabricFamilies.id });
      if (!updated.length) await tx.insert(fabricFamilies).values({ ...family, updatedAt: now });
    }
    const categoryIds = new Map<string, number>();
    for (const c of seedCategories) {
      const [row] = await tx
        .insert(categories)
        .values(c)
        .onConflictDoUpdate({
          target: categories.slug,
          set: { name: c.name, description: c.description, sortOrder: c.sortOrder, image: c.image },
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
        // A size measured apart from the product's first carries its own; the others read the product's.
        const size = v.attributes.Size;
        const dimensions = size !== undefined && p.sizes?.[size] ? sizeDimensions(p, size) : null;
        const vals = {
          productId,
          sku: variationSku(p.slug, v.attributes),
          attributes: v.attributes,
          attributesKey: key,
          dimensions,
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
              dimensions: vals.dimensions,
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

/** What a seed would overwrite: the shop's products and orders. */
export type ShopContents = { products: number; orders: number };

export async function shopContents(db: Db): Promise<ShopContents> {
  const [p] = await db.select({ n: sql<number | string>`count(*)` }).from(products);
  const [o] = await db.select({ n: sql<number | string>`count(*)` }).from(orders);
  return { products: Number(p?.n ?? 0), orders: Number(o?.n ?? 0) };
}

export const RESET_DEMO_FLAG = "--reset-demo";
export const YES_IN_PRODUCTION_FLAG = "--yes-in-production";

export type SeedRequest = {
  /** `--reset-demo`: write the demo catalogue over a database that already holds a shop. */
  resetDemo: boolean;
  /** `--yes-in-production`: with NODE_ENV=production, `--reset-demo` needs this as well. */
  yesInProduction: boolean;
  production: boolean;
};

export type SeedPlan = { action: "fill" } | { action: "reset" } | { action: "refuse"; reason: string };

function counted(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Whether `npm run db:seed` may write: an empty database (no products, no orders) is filled; one
 * that holds either is left alone unless `--reset-demo` says to put the demo catalogue back, and
 * with NODE_ENV=production only when `--yes-in-production` confirms it too.
 */
export function planSeed(found: ShopContents, request: SeedRequest): SeedPlan {
  const empty = found.products === 0 && found.orders === 0;
  if (request.production && request.resetDemo && !request.yesInProduction) {
    return {
      action: "refuse",
      reason:
        `NODE_ENV is production, so ${RESET_DEMO_FLAG} needs ${YES_IN_PRODUCTION_FLAG} as well; nothing was changed. ` +
        `Resetting puts the demo prices and stock back over the shop's own.`,
    };
  }
  if (empty) return { action: "fill" };
  if (request.resetDemo) return { action: "reset" };
  const holds = [
    found.products > 0 ? counted(found.products, "product", "products") : null,
    found.orders > 0 ? counted(found.orders, "order", "orders") : null,
  ]
    .filter(Boolean)
    .join(" and ");
  return {
    action: "refuse",
    reason:
      `The database already holds ${holds}; nothing was changed. To wipe the demo catalogue back to its ` +
      `starting state, run \`npm run db:seed -- ${RESET_DEMO_FLAG}\`` +
      (request.production ? ` (with NODE_ENV=production, add ${YES_IN_PRODUCTION_FLAG}).` : "."),
  };
}

export type SeedOutcome =
  | { action: "fill" | "reset"; products: number; variations: number }
  | { action: "refuse"; reason: string; found: ShopContents };

/** `npm run db:seed`'s work: looks at the database, decides by planSeed, and seeds or refuses. */
export async function seedOnRequest(db: Db, request: SeedRequest, now = new Date()): Promise<SeedOutcome> {
  const found = await shopContents(db);
  const plan = planSeed(found, request);
  if (plan.action === "refuse") return { ...plan, found };
  const result = await seedDatabase(db, now);
  return { action: plan.action, ...result };
}

/**
 * A server starting on the embedded database fills it when it holds no products and no orders
 * (lib/db/startup.ts); anything else is the shop's own and stays as it is.
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const found = await shopContents(db);
  if (found.products > 0 || found.orders > 0) return false;
  await seedDatabase(db);
  return true;
}
