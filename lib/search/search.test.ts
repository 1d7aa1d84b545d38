import { eq } from "drizzle-orm";
import { setupTestDb } from "@/lib/db/test-support";
import { categories, products } from "@/lib/db/schema";
import { seedProducts } from "@/lib/catalog/seed-data";
import { resolveQuery, searchProducts, suggest } from "@/lib/search/search";
import type { ProductQuery } from "@/lib/catalog/types";

const getDb = setupTestDb();
const state = (over: Partial<Omit<ProductQuery, "category">> = {}): Omit<ProductQuery, "category"> => ({
  sort: "featured",
  fabrics: [],
  page: 1,
  perPage: 48,
  ...over,
});

async function found(q: string, over: Partial<Omit<ProductQuery, "category">> = {}) {
  const page = await searchProducts(getDb().db, q, state(over));
  return { ...page, slugs: page.items.map((p) => p.slug) };
}

const inCategory = (slug: string) => seedProducts.filter((p) => p.category === slug).map((p) => p.slug);

/** The seed products offered with all of these attribute options. */
const offering = (...options: string[]) =>
  seedProducts
    .filter((p) => options.every((o) => p.attributes.some((a) => a.options.includes(o)) || p.name.includes(o)))
    .map((p) => p.slug);

describe("search on the seeded catalogue", () => {
  test('"slepper cuch" finds the sleeper couches, and says what it searched for', async () => {
    const r = await found("slepper cuch");
    expect(r.slugs.sort()).toEqual(inCategory("sleeper-couches").sort());
    expect(r.correctedTo).toBe("sleeper couch");
  });

  test('"otoman" finds the ottomans', async () => {
    const r = await found("otoman");
    expect(r.slugs.sort()).toEqual(inCategory("ottomans").sort());
  });

  test('"queen bed" finds the bed frames that come in Queen, and nothing else', async () => {
    const r = await found("queen bed");
    const queens = inCategory("bed-frames").filter((s) => offering("Queen").includes(s));
    expect(queens.length).toBeGreaterThan(2);
    expect(r.slugs.sort()).toEqual(queens.sort());
    expect(r.correctedTo).toBeNull();
  });

  test('"grey 3 seater" finds the 3-seaters offered in a grey fabric (Stone or Charcoal)', async () => {
    const r = await found("grey 3 seater");
    const grey3 = seedProducts
      .filter((p) => p.name.includes("3 Seater") || p.attributes.some((a) => a.options.includes("3 Seater")))
      .filter((p) => p.attributes.some((a) => a.options.includes("Stone") || a.options.includes("Charcoal")))
      .map((p) => p.slug);
    expect(grey3.length).toBeGreaterThan(2);
    expect(r.slugs.sort()).toEqual(grey3.sort());
    expect(r.slugs).not.toContain("magalies-3-seater");
  });

  test("synonyms: a settee is a couch, a sofa bed a sleeper, a pouffe an ottoman", async () => {
    expect((await found("settee")).slugs).toEqual(expect.arrayContaining(inCategory("couches")));
    expect((await found("sofa bed")).slugs.sort()).toEqual(inCategory("sleeper-couches").sort());
    expect((await found("pouffe")).slugs.sort()).toEqual(inCategory("ottomans").sort());
    expect((await found("three-seater velvet")).slugs).toContain("magalies-3-seater");
  });

  test("names, fabrics and accents: Bouclé with or without its accent", async () => {
    expect((await found("Kalahari")).slugs).toEqual(["kalahari-channel-bed"]);
    const boucle = offering("Ivory Bouclé");
    expect((await found("boucle")).slugs.sort()).toEqual(boucle.sort());
    expect((await found("Bouclé")).slugs.sort()).toEqual(boucle.sort());
  });

  test("the catalogue's filters and sort apply to the matches", async () => {
    const all = await found("couch");
    const cheapFirst = await found("couch", { sort: "price-asc" });
    expect(cheapFirst.total).toBe(all.total);
    // Cheapest first among what can be bought, then the sold-out ones (the catalogue's order).
    const inStock = cheapFirst.items.filter((p) => p.inStock).map((p) => p.price.priceCents);
    const soldOut = cheapFirst.items.filter((p) => !p.inStock).map((p) => p.price.priceCents);
    expect(cheapFirst.items.map((p) => p.price.priceCents)).toEqual([...inStock, ...soldOut]);
    expect(inStock).toEqual([...inStock].sort((a, b) => a - b));
    expect(soldOut).toEqual([...soldOut].sort((a, b) => a - b));
    const olive = await found("couch", { fabrics: ["Olive"] });
    expect(olive.total).toBeGreaterThan(0);
    expect(olive.total).toBeLessThan(all.total);
    for (const p of olive.items) expect(p.fabrics).toContain("Olive");
    expect(all.facets.fabrics.map((f) => f.name)).toContain("Olive");
  });

  test("a search that finds nothing offers close words that do", async () => {
    const r = await found("zzqx");
    expect(r.total).toBe(0);
    expect(r.didYouMean).toEqual([]);
    const apart = await found("cognac sleeper");
    expect(apart.total).toBe(0);
    expect(apart.didYouMean).toEqual(["cognac", "sleeper"]);
    const near = await found("kalahri sofa");
    expect(near.total).toBe(0);
    expect(near.didYouMean).toContain("kalahari");
    for (const s of near.didYouMean) expect((await found(s)).total).toBeGreaterThan(0);
  });

  test("suggestions complete the word being typed and name matching categories", async () => {
    const s = await suggest(getDb().db, "otto");
    expect(s.products.length).toBeGreaterThan(0);
    for (const p of s.products) expect(p.categoryName).toBe("Ottomans");
    expect(s.categories).toEqual([{ name: "Ottomans", href: "/product-category/ottomans" }]);
    expect(s.products[0]!.price).toMatch(/^\d+$/);
    expect((await suggest(getDb().db, "sle")).products.length).toBeGreaterThan(0);
  });

  test("hostile text is only words: tsquery syntax, quotes and SQL find nothing and throw nothing", async () => {
    for (const q of [
      "')); drop table products; --",
      "a & | ! <-> :*",
      "\\",
      "%_%",
      "' or 1=1",
      "🛋️",
      " ",
      "x".repeat(5000),
    ]) {
      const r = await found(q);
      expect(r.total).toBeGreaterThanOrEqual(0);
      await suggest(getDb().db, q);
    }
    expect((await found("couch & !sleeper")).total).toBe((await found("couch sleeper")).total);
  });

  test("unpublished products are never found, suggested or offered as words", async () => {
    const { db } = getDb();
    await db.update(products).set({ published: false }).where(eq(products.slug, "kalahari-channel-bed"));
    try {
      expect((await found("kalahari")).total).toBe(0);
      expect((await suggest(db, "kala")).products).toEqual([]);
      const resolved = await resolveQuery(db, "kalahari");
      expect(resolved.parts[0]!.terms).toEqual(["kalahari"]);
      expect((await found("kalahri")).didYouMean).not.toContain("kalahari");
    } finally {
      await db.update(products).set({ published: true }).where(eq(products.slug, "kalahari-channel-bed"));
    }
  });

  test("the index follows the catalogue: a renamed product or category is found by its new name", async () => {
    const { db } = getDb();
    await db.update(products).set({ name: "Zanzibar Ottoman" }).where(eq(products.slug, "pebble-ottoman"));
    expect((await found("zanzibar")).slugs).toEqual(["pebble-ottoman"]);
    expect((await found("pebble")).total).toBe(0);
    await db.update(products).set({ name: "Pebble Ottoman" }).where(eq(products.slug, "pebble-ottoman"));
    await db.update(categories).set({ name: "Footstools" }).where(eq(categories.slug, "ottomans"));
    try {
      expect((await found("footstools")).slugs.sort()).toEqual(inCategory("ottomans").sort());
    } finally {
      await db.update(categories).set({ name: "Ottomans" }).where(eq(categories.slug, "ottomans"));
    }
  });
});
