import { asc, count, eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { categories, fabrics, products, searchTerms, searchWords, variations } from "@/lib/db/schema";
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

  test("a fabric's colour words are the shop's: staff change them and search follows", async () => {
    const db = getDb().db;
    const inInk = offering("Ink");
    expect(inInk.length).toBeGreaterThan(1);
    expect((await found("midnight")).slugs).toEqual([]);
    const [ink] = await db.select().from(fabrics).where(eq(fabrics.name, "Ink"));
    try {
      await db.update(fabrics).set({ colourWords: "Midnight, inky" }).where(eq(fabrics.id, ink!.id));
      expect((await found("midnight")).slugs.sort()).toEqual(inInk.sort());
      expect((await found("inky")).slugs.sort()).toEqual(inInk.sort());
      // "navy" was one of Ink's words; taken away, it is only a word the catalogue lacks.
      expect((await found("navy")).slugs).toEqual([]);
    } finally {
      await db.update(fabrics).set({ colourWords: ink!.colourWords }).where(eq(fabrics.id, ink!.id));
    }
    expect((await found("navy")).slugs.sort()).toEqual(inInk.sort());
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

  test("the index follows prices and stock: a price change re-sorts the matches, a sell-out moves to the end", async () => {
    const { db } = getDb();
    const before = await found("couch", { sort: "price-asc" });
    const dearest = before.items.filter((p) => p.inStock).at(-1)!;
    const [row] = await db.select().from(products).where(eq(products.slug, dearest.slug));
    const original = await db.select().from(variations).where(eq(variations.productId, row!.id));
    try {
      // The dearest couch on sale drops to R1 (its variations' price, or its own): now first, at R1.
      await db
        .update(variations)
        .set({ regularPriceCents: 100, salePriceCents: null })
        .where(eq(variations.productId, row!.id));
      await db.update(products).set({ regularPriceCents: 100, salePriceCents: null }).where(eq(products.id, row!.id));
      const cheap = await found("couch", { sort: "price-asc" });
      expect(cheap.items[0]!.slug).toBe(dearest.slug);
      expect(cheap.items[0]!.price.priceCents).toBe(100);
      expect(cheap.facets.minCents).toBe(100);
      expect((await found("couch", { maxCents: 100 })).slugs).toEqual([dearest.slug]);

      // Sold out everywhere: after every couch that can be bought, whatever its price.
      await db.update(variations).set({ stock: 0 }).where(eq(variations.productId, row!.id));
      await db.update(products).set({ stock: 0 }).where(eq(products.id, row!.id));
      const soldOut = await found("couch", { sort: "price-asc" });
      const at = soldOut.slugs.indexOf(dearest.slug);
      expect(soldOut.items[at]!.inStock).toBe(false);
      expect(soldOut.items.slice(0, at).every((p) => p.inStock)).toBe(true);
      expect(soldOut.items.slice(0, at).length).toBe(before.items.filter((p) => p.inStock).length - 1);
    } finally {
      for (const v of original)
        await db
          .update(variations)
          .set({ regularPriceCents: v.regularPriceCents, salePriceCents: v.salePriceCents, stock: v.stock })
          .where(eq(variations.id, v.id));
      await db
        .update(products)
        .set({ regularPriceCents: row!.regularPriceCents, salePriceCents: row!.salePriceCents, stock: row!.stock })
        .where(eq(products.id, row!.id));
    }
    expect((await found("couch", { sort: "price-asc" })).slugs).toEqual(before.slugs);
  });

  test("pages: each page holds the next matches in order, and a page past the end shows the last", async () => {
    const all = await found("couch");
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.total / 5); page++)
      pages.push(...(await found("couch", { perPage: 5, page })).slugs);
    expect(pages).toEqual(all.slugs);
    const past = await found("couch", { perPage: 5, page: 99 });
    expect(past.page).toBe(past.pageCount);
    expect(past.slugs).toEqual(all.slugs.slice((past.pageCount - 1) * 5));
  });

  test("the facets are those of the matches: every fabric's count and the price range", async () => {
    const r = await found("couch");
    expect(r.total).toBe(r.items.length);
    const counts = new Map<string, number>();
    for (const p of r.items) for (const f of new Set(p.fabrics)) counts.set(f, (counts.get(f) ?? 0) + 1);
    expect(r.facets.fabrics).toEqual(
      [...counts].map(([name, n]) => ({ name, count: n })).sort((a, b) => a.name.localeCompare(b.name)),
    );
    const prices = r.items.map((p) => p.price.priceCents);
    expect([r.facets.minCents, r.facets.maxCents]).toEqual([Math.min(...prices), Math.max(...prices)]);
  });

  test("the dictionary of words holds each word of the products on sale once, with how many use it", async () => {
    const { db } = getDb();
    const dictionary = async () =>
      (await db.select().from(searchWords).orderBy(asc(searchWords.term))).map((w) => [w.term, w.products]);
    const fromTerms = async () =>
      (
        await db
          .select({ term: searchTerms.term, n: count() })
          .from(searchTerms)
          .groupBy(searchTerms.term)
          .orderBy(asc(searchTerms.term))
      ).map((w) => [w.term, Number(w.n)]);
    expect(await dictionary()).toEqual(await fromTerms());
    expect(await dictionary()).toContainEqual(["kalahari", 1]);

    // A new product brings its words; unpublished it lends none; deleted, its words leave.
    const [cat] = await db.select().from(categories).where(eq(categories.slug, "ottomans"));
    const [made] = await db
      .insert(products)
      .values({
        slug: "quokka-ottoman",
        name: "Quokka Ottoman",
        categoryId: cat!.id,
        dimensions: { width: 60, depth: 60, height: 45 },
        attributes: [{ name: "Fabric", options: ["Olive"] }],
        regularPriceCents: 199900,
        stock: 3,
      })
      .returning();
    expect(await dictionary()).toContainEqual(["quokka", 1]);
    expect((await found("qokka")).slugs).toEqual(["quokka-ottoman"]);
    await db.update(products).set({ published: false }).where(eq(products.id, made!.id));
    expect((await dictionary()).map(([t]) => t)).not.toContain("quokka");
    await db.update(products).set({ published: true }).where(eq(products.id, made!.id));
    expect(await dictionary()).toContainEqual(["quokka", 1]);
    await db.delete(products).where(eq(products.id, made!.id));
    expect((await dictionary()).map(([t]) => t)).not.toContain("quokka");
    expect(await dictionary()).toEqual(await fromTerms());
  });
});
