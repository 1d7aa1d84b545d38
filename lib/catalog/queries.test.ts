import { setupTestDb } from "@/test/support/db";
import { eq } from "drizzle-orm";
import { categories, products } from "@/lib/db/schema";
import {
  allProducts,
  featuredProducts,
  getCategory,
  getProduct,
  listCategories,
  listProducts,
  newArrivals,
  relatedProducts,
} from "@/lib/catalog/queries";
import { seedProducts } from "@/lib/catalog/seed-data";
import { effectiveCents } from "@/lib/catalog/pricing";
import type { ProductQuery } from "@/lib/catalog/types";

const getDb = setupTestDb();
const q = (over: Partial<ProductQuery> = {}): ProductQuery => ({
  sort: "featured",
  fabrics: [],
  page: 1,
  perPage: 12,
  ...over,
});

/** The price a shopper pays for a seed product's cheapest option, worked out from the seed itself. */
function seedPrice(slug: string): number {
  const p = seedProducts.find((s) => s.slug === slug)!;
  const points = p.variations?.length
    ? p.variations.map((v) => ({ regularCents: v.regularPriceCents, saleCents: v.salePriceCents ?? null }))
    : [{ regularCents: p.regularPriceCents, saleCents: p.salePriceCents ?? null }];
  return Math.min(...points.map(effectiveCents));
}

describe("catalogue queries", () => {
  test("the four categories, each with its products counted", async () => {
    const cats = await listCategories(getDb().db);
    expect(cats.map((c) => c.slug)).toEqual(["couches", "sleeper-couches", "ottomans", "bed-frames"]);
    for (const c of cats) expect(c.productCount).toBe(seedProducts.filter((p) => p.category === c.slug).length);
    expect(await getCategory(getDb().db, "no-such-thing")).toBeNull();
  });

  test("a category's tile: the demo's drawing, else its first product's card picture, else none", async () => {
    const { db } = getDb();
    const cats = await listCategories(db);
    expect(cats.map((c) => c.image)).toEqual(cats.map((c) => `/images/generated/category-${c.slug}.svg`));
    const [tables] = await db
      .insert(categories)
      .values({ slug: "side-tables", name: "Side Tables", sortOrder: 9 })
      .returning();
    try {
      expect((await getCategory(db, "side-tables"))?.image).toBeNull();
      const product = (slug: string, featured: boolean) => ({
        slug,
        name: slug,
        categoryId: tables!.id,
        dimensions: { width: 50, depth: 50, height: 55 },
        images: [{ src: `/images/products/${slug}/default-main.svg`, alt: slug }],
        regularPriceCents: 249_900,
        featured,
      });
      await db.insert(products).values([product("oak-side-table", false), product("kiaat-side-table", true)]);
      expect((await getCategory(db, "side-tables"))?.image).toBe("/images/products/kiaat-side-table/default-main.svg");
    } finally {
      await db.delete(products).where(eq(products.categoryId, tables!.id));
      await db.delete(categories).where(eq(categories.id, tables!.id));
    }
  });

  test("a category lists only its products, paginated", async () => {
    const couches = seedProducts.filter((p) => p.category === "couches");
    const page1 = await listProducts(getDb().db, q({ category: "couches", perPage: 4 }));
    expect(page1.total).toBe(couches.length);
    expect(page1.items).toHaveLength(4);
    expect(page1.pageCount).toBe(Math.ceil(couches.length / 4));
    expect(page1.items.every((i) => i.categorySlug === "couches")).toBe(true);
    const last = await listProducts(getDb().db, q({ category: "couches", perPage: 4, page: 99 }));
    expect(last.page).toBe(page1.pageCount);
    const seen = new Set<string>();
    for (let page = 1; page <= page1.pageCount; page++) {
      for (const item of (await listProducts(getDb().db, q({ category: "couches", perPage: 4, page }))).items)
        seen.add(item.slug);
    }
    expect(seen.size).toBe(couches.length);
  });

  /** Sold-out pieces last; each part in the sort's own order. */
  function inStockThenSoldOut<T>(items: Array<{ inStock: boolean } & T>, key: (i: T) => number, dir = 1) {
    const parts = [items.filter((i) => i.inStock), items.filter((i) => !i.inStock)];
    return parts.flatMap((part) => [...part].sort((a, b) => dir * (key(a) - key(b))));
  }

  test("sorting by price uses the price a shopper pays, sold-out pieces last", async () => {
    const asc = await listProducts(getDb().db, q({ sort: "price-asc", perPage: 100 }));
    expect(asc.items).toEqual(inStockThenSoldOut(asc.items, (i) => i.price.priceCents));
    for (const item of asc.items) expect(item.price.priceCents).toBe(seedPrice(item.slug));
    const desc = await listProducts(getDb().db, q({ sort: "price-desc", perPage: 100 }));
    expect(desc.items.map((i) => i.price.priceCents)).toEqual(
      inStockThenSoldOut(desc.items, (i) => i.price.priceCents, -1).map((i) => i.price.priceCents),
    );
  });

  test("newest first follows the time each product arrived, sold-out pieces last", async () => {
    const newest = await listProducts(getDb().db, q({ sort: "newest", perPage: 100 }));
    const days = (i: { slug: string }) => seedProducts.find((s) => s.slug === i.slug)!.createdDaysAgo;
    expect(newest.items.map((i) => i.slug)).toEqual(inStockThenSoldOut(newest.items, days).map((i) => i.slug));
  });

  test("under every sort order, no sold-out piece comes before one for sale", async () => {
    const soldOut = seedProducts.filter((p) =>
      p.variations?.length ? p.variations.every((v) => v.stock === 0) : p.stock === 0,
    );
    expect(soldOut.length).toBeGreaterThan(0);
    for (const sort of ["featured", "newest", "price-asc", "price-desc"] as const) {
      for (const category of [undefined, ...new Set(soldOut.map((p) => p.category))]) {
        const { items } = await listProducts(getDb().db, q({ sort, category, perPage: 100 }));
        const firstSoldOut = items.findIndex((i) => !i.inStock);
        expect([sort, category, firstSoldOut]).not.toEqual([sort, category, -1]);
        expect([sort, category, items.slice(firstSoldOut).every((i) => !i.inStock)]).toEqual([sort, category, true]);
      }
    }
  });

  test("a price range keeps the products priced inside it", async () => {
    const res = await listProducts(getDb().db, q({ minCents: 500000, maxCents: 1500000, perPage: 100 }));
    const expected = seedProducts.filter((p) => seedPrice(p.slug) >= 500000 && seedPrice(p.slug) <= 1500000);
    expect(res.total).toBe(expected.length);
    expect(res.items.map((i) => i.slug).sort()).toEqual(expected.map((p) => p.slug).sort());
  });

  test("a fabric filter keeps products offered in that fabric", async () => {
    const res = await listProducts(getDb().db, q({ fabrics: ["Charcoal"], perPage: 100 }));
    const expected = seedProducts.filter((p) =>
      p.attributes.find((a) => a.name === "Fabric")?.options.includes("Charcoal"),
    );
    expect(res.items.map((i) => i.slug).sort()).toEqual(expected.map((p) => p.slug).sort());
    const facets = (await listProducts(getDb().db, q())).facets.fabrics;
    expect(facets.find((f) => f.name === "Charcoal")?.count).toBe(expected.length);
  });

  test("a product with its variations, prices and stock as seeded", async () => {
    const seed = seedProducts.find((p) => p.slug === "eden-2-seater")!;
    const p = (await getProduct(getDb().db, "eden-2-seater"))!;
    expect(p.name).toBe("Eden 2 Seater");
    expect(p.categorySlug).toBe("couches");
    expect(p.variations).toHaveLength(seed.variations?.length ?? 0);
    for (const v of p.variations) {
      const s = seed.variations!.find(
        (x) =>
          JSON.stringify(Object.entries(x.attributes).sort()) === JSON.stringify(Object.entries(v.attributes).sort()),
      )!;
      expect(v.regularPriceCents).toBe(s.regularPriceCents);
      expect(v.salePriceCents).toBe(s.salePriceCents ?? null);
      expect(v.stock).toBe(s.stock);
      expect(v.images[0]!.src).toMatch(/^\/images\/products\/eden-2-seater\/.+-main\.svg$/);
    }
    expect(await getProduct(getDb().db, "not-a-product")).toBeNull();
  });

  test("a product page's dimensions carry what the fit check needs: diagonal depth, length opened, sections", async () => {
    const db = getDb().db;
    for (const slug of ["eden-2-seater", "fynbos-sleeper", "knysna-corner-couch", "umhlanga-bed-frame"]) {
      const seed = seedProducts.find((p) => p.slug === slug)!;
      expect((await getProduct(db, slug))!.dimensions).toEqual(seed.dimensions);
    }
    const knysna = (await getProduct(db, "knysna-corner-couch"))!.dimensions;
    expect(knysna.arrivesIn).toMatchObject({ form: "sections", parts: 3 });
    expect((await getProduct(db, "fynbos-sleeper"))!.dimensions.openLength).toBe(210);
  });

  test("each size carries its own measurements: the Fynbos Sleeper's 3 Seater is 208 cm wide and sleeps two", async () => {
    const db = getDb().db;
    const fynbos = (await getProduct(db, "fynbos-sleeper"))!;
    expect(fynbos.dimensions.width).toBe(172);
    const bySize = (size: string) => fynbos.variations.filter((v) => v.attributes.Size === size);
    expect(bySize("2 Seater").map((v) => v.dimensions)).toEqual([1, 2, 3].map(() => fynbos.dimensions));
    for (const v of bySize("3 Seater")) {
      expect(v.dimensions).toEqual({ ...fynbos.dimensions, width: 208, sleepingArea: "137 x 188 cm" });
    }
    const kloof = (await getProduct(db, "kloof-couch"))!;
    const widths = new Map(kloof.variations.map((v) => [v.attributes.Size, v.dimensions.width]));
    expect(Object.fromEntries(widths)).toEqual({ "2 Seater": 176, "3 Seater": 216, "4 Seater": 256 });
    const king = (await getProduct(db, "umhlanga-bed-frame"))!.variations.find((v) => v.attributes.Size === "King")!;
    expect(king.dimensions).toMatchObject({ width: 197, sleepingArea: "183 x 188 cm" });
    expect(king.dimensions.arrivesIn?.largest.width).toBe(197);
    // A product whose options share one size reads the product's own.
    const magalies = (await getProduct(db, "magalies-3-seater"))!;
    for (const v of magalies.variations) expect(v.dimensions).toEqual(magalies.dimensions);
  });

  test("out of stock means no option can be bought", async () => {
    const all = await allProducts(getDb().db);
    for (const p of all) {
      const seed = seedProducts.find((s) => s.slug === p.slug)!;
      const inStock = seed.variations?.length ? seed.variations.some((v) => v.stock > 0) : seed.stock > 0;
      expect([p.slug, p.inStock]).toEqual([p.slug, inStock]);
    }
    expect(all.some((p) => !p.inStock)).toBe(true);
  });

  test("featured, new arrivals and related products", async () => {
    const db = getDb().db;
    const featured = await featuredProducts(db, 50);
    expect(featured.map((p) => p.slug).sort()).toEqual(
      seedProducts
        .filter((p) => p.featured)
        .map((p) => p.slug)
        .sort(),
    );
    const fresh = await newArrivals(db, 4);
    const freshest = [...seedProducts].sort((a, b) => a.createdDaysAgo - b.createdDaysAgo).slice(0, 4);
    expect(fresh.map((p) => p.slug)).toEqual(freshest.map((p) => p.slug));
    const eden = (await getProduct(db, "eden-2-seater"))!;
    const related = await relatedProducts(db, eden, 4);
    expect(related).toHaveLength(4);
    expect(related.map((r) => r.slug)).not.toContain("eden-2-seater");
    expect(related[0]!.categorySlug).toBe("couches");
  });
});
