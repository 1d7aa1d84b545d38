import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { refusal } from "@/test/support/admin";
import { call } from "@/test/support/api-client";
import { setEnv } from "@/lib/config/set-env";
import { mailOutbox, products, rateLimits, variations } from "@/lib/db/schema";
import { checkoutDetails, fillGuestCart, productBySlug, type CheckoutAnswer } from "@/test/support/orders";
import { changeStock, listAdminProducts, setPrice, setPublished } from "@/lib/admin/products";
import { getProduct } from "@/lib/catalog/queries";
import { LOW_STOCK_KIND } from "@/lib/catalog/low-stock";
import type { Audit, Change } from "@/lib/admin/change";
import * as checkout from "@/app/api/checkout/route";

const getDb = setupTestDb();

function recorder(): { audit: Audit; changes: Change[] } {
  const changes: Change[] = [];
  return { changes, audit: async (_tx, change) => void changes.push(change) };
}
const noAudit: Audit = async () => {};

async function variableProduct() {
  const db = getDb().db;
  const [v] = await db.select().from(variations).limit(1);
  const [p] = await db.select().from(products).where(eq(products.id, v!.productId));
  return { product: p!, variation: v! };
}

// In the order they were written: PostgreSQL returns rows in no set order once the outbox's rows
// have been updated (a sent mail), so the last one is the last id, not the last row read.
const lowStockMails = async () =>
  await getDb().db.select().from(mailOutbox).where(eq(mailOutbox.kind, LOW_STOCK_KIND)).orderBy(mailOutbox.id);

beforeEach(async () => {
  await getDb().db.delete(rateLimits);
});

describe("the product list", () => {
  test("finds products by name and by a variation's SKU, and by category", async () => {
    const { product, variation } = await variableProduct();
    const byName = await listAdminProducts(getDb().db, { q: product.name.slice(0, 6).toUpperCase() });
    expect(byName.rows.map((r) => r.id)).toContain(product.id);
    const bySku = await listAdminProducts(getDb().db, { q: variation.sku });
    expect(bySku.rows.map((r) => r.id)).toEqual([product.id]);
    expect(bySku.rows[0]!.variations.map((v) => v.sku)).toContain(variation.sku);
    const all = await listAdminProducts(getDb().db, { q: "" });
    const category = all.rows.find((r) => r.id === product.id)!.categorySlug;
    const inCategory = await listAdminProducts(getDb().db, { category });
    expect(inCategory.rows.length).toBeGreaterThan(0);
    expect(inCategory.rows.every((r) => r.categorySlug === category)).toBe(true);
  });

  test("a search term's wildcards are taken literally", async () => {
    expect((await listAdminProducts(getDb().db, { q: "%" })).total).toBe(0);
  });

  test("low stock and sold out list products with any item under the threshold, or at nothing", async () => {
    const db = getDb().db;
    const { product, variation } = await variableProduct();
    const pebble = await productBySlug(db, "pebble-ottoman");
    await db.update(variations).set({ stock: 0 }).where(eq(variations.id, variation.id));
    await db.update(products).set({ stock: 2 }).where(eq(products.id, pebble.id));
    const out = (await listAdminProducts(db, { stock: "out", page: 1 })).rows.map((r) => r.id);
    expect(out).toContain(product.id);
    expect(out).not.toContain(pebble.id);
    const low = (await listAdminProducts(db, { stock: "low" })).rows.map((r) => r.id);
    expect(low).toEqual(expect.arrayContaining([product.id, pebble.id]));
    await db.update(variations).set({ stock: 50 }).where(eq(variations.productId, product.id));
    await db.update(products).set({ stock: 50 }).where(eq(products.id, pebble.id));
    expect((await listAdminProducts(db, { stock: "low" })).rows.map((r) => r.id)).not.toEqual(
      expect.arrayContaining([product.id]),
    );
  });

  test("pages hold at most 25 products and a page past the end is the last", async () => {
    const first = await listAdminProducts(getDb().db, { page: 1 });
    expect(first.rows.length).toBeLessThanOrEqual(25);
    const far = await listAdminProducts(getDb().db, { page: 999 });
    expect(far.page).toBe(far.pageCount);
  });
});

describe("prices", () => {
  test("a variation's price and sale price change, the shop reads them, and the audit has before and after", async () => {
    const db = getDb().db;
    const { product, variation } = await variableProduct();
    const { audit, changes } = recorder();
    const updated = await setPrice(
      db,
      { productId: product.id, variationId: variation.id, regularPriceCents: 1_234_500, salePriceCents: 999_900 },
      audit,
    );
    expect(updated.variations.find((v) => v.id === variation.id)).toMatchObject({
      regularPriceCents: 1_234_500,
      salePriceCents: 999_900,
    });
    const shop = await getProduct(db, product.slug);
    expect(shop!.variations.find((v) => v.id === variation.id)).toMatchObject({
      regularPriceCents: 1_234_500,
      salePriceCents: 999_900,
    });
    expect(changes).toEqual([
      {
        action: "price.set",
        entity: "variation",
        entityId: String(variation.id),
        before: { regularPriceCents: variation.regularPriceCents, salePriceCents: variation.salePriceCents },
        after: { regularPriceCents: 1_234_500, salePriceCents: 999_900 },
      },
    ]);
  });

  test.each([
    [
      { regularPriceCents: 100_000, salePriceCents: 100_000 },
      "salePrice",
      "The sale price must be below the regular price",
    ],
    [
      { regularPriceCents: 100_000, salePriceCents: 150_000 },
      "salePrice",
      "The sale price must be below the regular price",
    ],
    [{ regularPriceCents: 0, salePriceCents: null }, "regularPrice", "The regular price must be more than R 0"],
    [{ regularPriceCents: -5, salePriceCents: null }, "regularPrice", "The regular price must be more than R 0"],
    [
      { regularPriceCents: 100_000, salePriceCents: 0 },
      "salePrice",
      "The sale price must be more than R 0, or left empty",
    ],
  ])("%p is refused with a 400 naming the field, and nothing changes", async (prices, field, message) => {
    const db = getDb().db;
    const pebble = await productBySlug(db, "pebble-ottoman");
    const { audit, changes } = recorder();
    const err = await refusal(setPrice(db, { productId: pebble.id, variationId: null, ...prices }, audit));
    expect([err.status, err.code, err.message, err.data.field]).toEqual([400, "invalid_params", message, field]);
    expect(await productBySlug(db, "pebble-ottoman")).toMatchObject({
      regularPriceCents: pebble.regularPriceCents,
      salePriceCents: pebble.salePriceCents,
    });
    expect(changes).toEqual([]);
  });

  test("a variable product's own price is refused: its variations carry the prices", async () => {
    const { product } = await variableProduct();
    const err = await refusal(
      setPrice(
        getDb().db,
        { productId: product.id, variationId: null, regularPriceCents: 5000, salePriceCents: null },
        noAudit,
      ),
    );
    expect([err.status, err.code]).toEqual([409, "variable_product"]);
  });

  test("a variation of another product is not found", async () => {
    const db = getDb().db;
    const pebble = await productBySlug(db, "pebble-ottoman");
    const { variation } = await variableProduct();
    const err = await refusal(
      setPrice(
        db,
        { productId: pebble.id, variationId: variation.id, regularPriceCents: 5000, salePriceCents: null },
        noAudit,
      ),
    );
    expect([err.status, err.code]).toEqual([404, "variation_not_found"]);
  });
});

describe("stock", () => {
  test("deliveries added while checkouts take stock: every unit is counted once", async () => {
    const db = getDb().db;
    const pebble = await productBySlug(db, "pebble-ottoman");
    await db.update(products).set({ stock: 10 }).where(eq(products.id, pebble.id));
    const carts = [];
    for (let i = 0; i < 6; i++) carts.push((await fillGuestCart(db, "pebble-ottoman", 1)).cart_key);
    const { audit, changes } = recorder();
    const results = await Promise.all([
      ...carts.map((cartKey) =>
        call<CheckoutAnswer>(checkout.POST, "/api/checkout", { json: checkoutDetails({ cartKey }) }),
      ),
      ...[5, 5, 5].map((quantity) =>
        changeStock(db, { productId: pebble.id, variationId: null, mode: "add", quantity }, audit),
      ),
    ]);
    expect(results.slice(0, 6).map((r) => (r as { status: number }).status)).toEqual(Array(6).fill(201));
    expect((await productBySlug(db, "pebble-ottoman")).stock).toBe(10 - 6 + 15);
    expect(changes.map((c) => c.action)).toEqual(["stock.delivery", "stock.delivery", "stock.delivery"]);
    expect(changes.map((c) => (c.after as { stock: number }).stock - (c.before as { stock: number }).stock)).toEqual([
      5, 5, 5,
    ]);
  });

  test("setting a count, and a count or delivery out of range is refused", async () => {
    const db = getDb().db;
    const { product, variation } = await variableProduct();
    const after = await changeStock(
      db,
      { productId: product.id, variationId: variation.id, mode: "set", quantity: 7 },
      noAudit,
    );
    expect(after.variations.find((v) => v.id === variation.id)!.stock).toBe(7);
    for (const bad of [
      { mode: "set" as const, quantity: -1 },
      { mode: "add" as const, quantity: 0 },
      { mode: "set" as const, quantity: 1.5 },
    ]) {
      const err = await refusal(changeStock(db, { productId: product.id, variationId: variation.id, ...bad }, noAudit));
      expect([err.status, err.data.field]).toEqual([400, "quantity"]);
    }
  });
});

describe("low-stock e-mail", () => {
  let restore = () => {};
  beforeAll(() => {
    restore = setEnv({ LOW_STOCK_THRESHOLD: "3" });
  });
  afterAll(() => restore());

  test("sent once when a checkout takes stock under the threshold, again only after a delivery brought it back", async () => {
    const db = getDb().db;
    await db.delete(mailOutbox);
    const pebble = await productBySlug(db, "pebble-ottoman");
    await changeStock(db, { productId: pebble.id, variationId: null, mode: "set", quantity: 4 }, noAudit);
    expect(await lowStockMails()).toHaveLength(0);

    const buy = async () => {
      const { cart_key } = await fillGuestCart(db, "pebble-ottoman", 1);
      expect(
        (await call(checkout.POST, "/api/checkout", { json: checkoutDetails({ cartKey: cart_key }) })).status,
      ).toBe(201);
    };
    await buy(); // 3 left: not under
    expect(await lowStockMails()).toHaveLength(0);
    await Promise.all([buy(), buy()]); // 1 left
    const [mail, ...more] = await lowStockMails();
    expect(more).toEqual([]);
    expect(mail!.text).toMatch(new RegExp(`${pebble.name}: [12] left`));
    await buy(); // 0 left: still the same crossing
    expect(await lowStockMails()).toHaveLength(1);

    await changeStock(db, { productId: pebble.id, variationId: null, mode: "add", quantity: 10 }, noAudit);
    await changeStock(db, { productId: pebble.id, variationId: null, mode: "set", quantity: 2 }, noAudit);
    const mails = await lowStockMails();
    expect(mails).toHaveLength(2);
    expect(mails.at(-1)!.text).toContain(`${pebble.name}: 2 left`);
  });

  test("a variation falling under it names the variation", async () => {
    const db = getDb().db;
    await db.delete(mailOutbox);
    const { product, variation } = await variableProduct();
    await changeStock(db, { productId: product.id, variationId: variation.id, mode: "set", quantity: 20 }, noAudit);
    await changeStock(db, { productId: product.id, variationId: variation.id, mode: "set", quantity: 0 }, noAudit);
    const mails = await lowStockMails();
    expect(mails.filter((m) => m.text.includes(variation.sku))).toHaveLength(1);
    expect(mails.find((m) => m.text.includes(variation.sku))!.text).toContain("sold out");
  });

  test("0 sends none", async () => {
    const db = getDb().db;
    await db.delete(mailOutbox);
    const restoreZero = setEnv({ LOW_STOCK_THRESHOLD: "0" });
    try {
      const pebble = await productBySlug(db, "pebble-ottoman");
      await changeStock(db, { productId: pebble.id, variationId: null, mode: "set", quantity: 0 }, noAudit);
      expect(await lowStockMails()).toHaveLength(0);
    } finally {
      restoreZero();
    }
  });
});

describe("publishing", () => {
  test("a hidden product leaves the shop; published again it is back", async () => {
    const db = getDb().db;
    const pebble = await productBySlug(db, "pebble-ottoman");
    const { audit, changes } = recorder();
    expect((await setPublished(db, pebble.id, false, audit)).published).toBe(false);
    expect(await getProduct(db, "pebble-ottoman")).toBeNull();
    await setPublished(db, pebble.id, true, audit);
    expect(await getProduct(db, "pebble-ottoman")).not.toBeNull();
    expect(changes.map((c) => [c.action, c.before, c.after])).toEqual([
      ["product.hide", { published: true }, { published: false }],
      ["product.publish", { published: false }, { published: true }],
    ]);
  });
});
