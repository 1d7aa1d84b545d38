import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { categories, fabricFamilies, fabrics, products } from "@/lib/db/schema";
import { MIGRATIONS_FOLDER } from "@/lib/db/migrate";
import { seedFabricFamilies, seedFabrics } from "@/lib/catalog/seed-fabrics";
import { planSeed, seedIfEmpty, seedOnRequest, shopContents } from "@/lib/catalog/seed";
import { seedProducts } from "@/lib/catalog/seed-data";
import { makeOrder } from "@/test/support/auth";
import { setupTestDb } from "@/test/support/db";

const plain = { resetDemo: false, yesInProduction: false, production: false };

describe("planSeed: when npm run db:seed may write", () => {
  test("an empty database is filled, in production too", () => {
    expect(planSeed({ products: 0, orders: 0 }, plain)).toEqual({ action: "fill" });
    expect(planSeed({ products: 0, orders: 0 }, { ...plain, production: true })).toEqual({ action: "fill" });
  });

  test("a database holding a shop is refused, naming what it holds and the way to reset", () => {
    const plan = planSeed({ products: 74, orders: 12 }, plain);
    expect(plan.action).toBe("refuse");
    const reason = plan.action === "refuse" ? plan.reason : "";
    expect(reason).toContain("already holds 74 products and 12 orders; nothing was changed");
    expect(reason).toContain("npm run db:seed -- --reset-demo");
    expect(planSeed({ products: 1, orders: 0 }, plain)).toMatchObject({
      reason: expect.stringContaining("holds 1 product;"),
    });
    expect(planSeed({ products: 0, orders: 3 }, plain)).toMatchObject({
      reason: expect.stringContaining("holds 3 orders;"),
    });
  });

  test("--reset-demo resets; in production only with --yes-in-production", () => {
    const found = { products: 24, orders: 2 };
    expect(planSeed(found, { ...plain, resetDemo: true })).toEqual({ action: "reset" });
    const refused = planSeed(found, { ...plain, resetDemo: true, production: true });
    expect(refused).toMatchObject({ action: "refuse", reason: expect.stringContaining("--yes-in-production") });
    expect(planSeed(found, { resetDemo: true, production: true, yesInProduction: true })).toEqual({
      action: "reset",
    });
  });
});

describe("seedOnRequest on a real database", () => {
  const getDb = setupTestDb({ seed: false });

  async function productCount(): Promise<number> {
    const [row] = await getDb()
      .db.select({ n: sql<number | string>`count(*)` })
      .from(products);
    return Number(row?.n ?? 0);
  }

  /** The statement of the fabrics migration that gives a database already selling its range. */
  const rangeForExistingShop = () =>
    fs.readFileSync(path.join(MIGRATIONS_FOLDER, "0021_fabrics.sql"), "utf8").split("--> statement-breakpoint").at(-1)!;
  const fabricNames = async () =>
    (await getDb().db.select({ name: fabrics.name }).from(fabrics).orderBy(asc(fabrics.position))).map((f) => f.name);

  test("a fresh database starts with no fabrics: the migration gives a range only to a shop that sells", async () => {
    const { db } = getDb();
    expect(await fabricNames()).toEqual([]);
    await db.execute(sql.raw(rangeForExistingShop()));
    expect(await fabricNames()).toEqual([]);
  });

  test("fills an empty database with the demo catalogue", async () => {
    const { db } = getDb();
    expect(await shopContents(db)).toEqual({ products: 0, orders: 0 });
    const outcome = await seedOnRequest(db, plain);
    expect(outcome).toMatchObject({ action: "fill", products: seedProducts.length });
    expect(await productCount()).toBe(seedProducts.length);
    expect(await fabricNames()).toEqual(seedFabrics.map((f) => f.name));
    expect(await fabricNames()).toHaveLength(9);
  });

  test("a database that had products before the fabrics table gets the nine fabrics its options name", async () => {
    const { db } = getDb();
    await db.delete(fabrics);
    await db.execute(sql.raw(rangeForExistingShop()));
    const range = await db
      .select({ name: fabrics.name, slug: fabrics.slug, hex: fabrics.hex, restockWeeks: fabrics.restockWeeks })
      .from(fabrics)
      .orderBy(asc(fabrics.position));
    expect(range).toEqual(seedFabrics.map(({ name, slug, hex, restockWeeks }) => ({ name, slug, hex, restockWeeks })));
  });

  test("that range gets the colour words and family texts the shop had in its code, as the seed writes them", async () => {
    const { db } = getDb();
    await db.delete(fabricFamilies);
    const [, , , words, families] = fs
      .readFileSync(path.join(MIGRATIONS_FOLDER, "0023_fabric_words_and_families.sql"), "utf8")
      .split("--> statement-breakpoint");
    await db.execute(sql.raw(words!));
    await db.execute(sql.raw(families!));
    const range = await db
      .select({ name: fabrics.name, colourWords: fabrics.colourWords })
      .from(fabrics)
      .orderBy(asc(fabrics.position));
    expect(range).toEqual(seedFabrics.map(({ name, colourWords }) => ({ name, colourWords })));
    const written = await db
      .select({ name: fabricFamilies.name, about: fabricFamilies.about })
      .from(fabricFamilies)
      .orderBy(asc(fabricFamilies.name));
    // PostgreSQL inserts a SELECT's rows in no promised order: compared by name.
    expect(written).toEqual([...seedFabricFamilies].sort((a, b) => (a.name < b.name ? -1 : 1)));
  });

  test("the demo's categories keep the drawn tiles they were shown with before categories had a picture", async () => {
    const { db } = getDb();
    await db.update(categories).set({ image: null });
    const [, backfill] = fs
      .readFileSync(path.join(MIGRATIONS_FOLDER, "0024_category_image.sql"), "utf8")
      .split("--> statement-breakpoint");
    await db.execute(sql.raw(backfill!));
    const tiles = await db.select({ slug: categories.slug, image: categories.image }).from(categories);
    expect(tiles).toHaveLength(4);
    for (const t of tiles) expect(t.image).toBe(`/images/generated/category-${t.slug}.svg`);
  });

  test("refuses a database with products, and changes nothing", async () => {
    const { db } = getDb();
    await db.update(products).set({ stock: 3 }).where(eq(products.slug, "pebble-ottoman"));
    const outcome = await seedOnRequest(db, plain);
    expect(outcome).toMatchObject({
      action: "refuse",
      reason: expect.stringContaining(`already holds ${seedProducts.length} products; nothing was changed`),
    });
    const [pebble] = await db.select().from(products).where(eq(products.slug, "pebble-ottoman"));
    expect(pebble?.stock).toBe(3);
  });

  test("--reset-demo puts the demo stock back", async () => {
    const { db } = getDb();
    const outcome = await seedOnRequest(db, { ...plain, resetDemo: true });
    expect(outcome).toMatchObject({ action: "reset", products: seedProducts.length });
    const [pebble] = await db.select().from(products).where(eq(products.slug, "pebble-ottoman"));
    const demo = seedProducts.find((p) => p.slug === "pebble-ottoman")!;
    expect(pebble?.stock).toBe(demo.stock);
    expect(await productCount()).toBe(seedProducts.length);
  });
});

describe("a database with orders and no products", () => {
  const getDb = setupTestDb({ seed: false });

  async function productCount(): Promise<number> {
    const [row] = await getDb()
      .db.select({ n: sql<number | string>`count(*)` })
      .from(products);
    return Number(row?.n ?? 0);
  }

  test("is refused by the seed command and left alone by a server start", async () => {
    const { db } = getDb();
    await makeOrder(db, null);
    expect(await shopContents(db)).toEqual({ products: 0, orders: 1 });
    const outcome = await seedOnRequest(db, plain);
    expect(outcome).toMatchObject({
      action: "refuse",
      reason: expect.stringContaining("already holds 1 order; nothing was changed"),
    });
    expect(await seedIfEmpty(db)).toBe(false);
    expect(await productCount()).toBe(0);
  });

  test("in production, --reset-demo needs --yes-in-production", async () => {
    const { db } = getDb();
    const refused = await seedOnRequest(db, { ...plain, resetDemo: true, production: true });
    expect(refused).toMatchObject({ action: "refuse", reason: expect.stringContaining("--yes-in-production") });
    expect(await productCount()).toBe(0);
    const reset = await seedOnRequest(db, { resetDemo: true, production: true, yesInProduction: true });
    expect(reset.action).toBe("reset");
    expect(await productCount()).toBe(seedProducts.length);
    expect((await db.select().from(categories)).length).toBeGreaterThan(0);
  });
});
