import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { adminContext, makeStaff, refusal, SAME_ORIGIN } from "@/test/support/admin";
import { call } from "@/test/support/api-client";
import * as productList from "@/app/api/admin/products/route";
import * as productOne from "@/app/api/admin/products/[id]/route";
import { adminAudit, products, variations } from "@/lib/db/schema";
import { createProduct, duplicateProduct, getAdminProduct } from "@/lib/admin/products";
import { newProductErrors, newProductFields } from "@/lib/admin/product-form";
import { auditAs } from "@/lib/admin/catalog-api";
import { getProduct } from "@/lib/catalog/queries";

const getDb = setupTestDb();

async function audit() {
  const { db } = getDb();
  const { staff } = await makeStaff(db);
  return auditAs(adminContext(db, staff));
}

const form = {
  name: "Karoo Daybed",
  slug: "karoo-daybed",
  category: "sleeper-couches",
  regularPrice: "14 999,00",
  stock: "3",
  width: "200",
  depth: "90",
  height: "80",
  shortDescription: "A daybed for the stoep.",
  description: "",
};

describe("the new product form's schema", () => {
  test.each([
    ["no category", { category: "" }, "category", "Choose a category"],
    ["a price in words", { regularPrice: "lots" }, "regularPrice", "Enter an amount in rands"],
    ["a negative stock", { stock: "-1" }, "stock", "Stock is a whole number from 0 to 100000"],
    ["a width in millimetres", { width: "2000.5" }, "width", "Enter the width in whole centimetres"],
    ["a depth of nothing", { depth: "" }, "depth", "Enter the depth in whole centimetres"],
    ["a height of 20 m", { height: "2000" }, "height", "The height is at most 1000 cm"],
  ])("%s is refused on its field", (_label, over, field, message) => {
    expect(newProductErrors({ ...form, ...over })[field]).toContain(message);
  });

  test("a well-formed product passes, in cents and centimetres", () => {
    expect(newProductErrors(form)).toEqual({});
    expect(newProductFields.parse(form)).toMatchObject({ regularPrice: 1_499_900, stock: 3, width: 200 });
  });
});

describe("a new product from the back office", () => {
  test("is made hidden, in its category, with its price, stock and measurements, and audited", async () => {
    const { db } = getDb();
    const made = await createProduct(db, newProductFields.parse(form), await audit());
    expect(made).toMatchObject({
      slug: "karoo-daybed",
      name: "Karoo Daybed",
      categorySlug: "sleeper-couches",
      regularPriceCents: 1_499_900,
      salePriceCents: null,
      stock: 3,
      published: false,
      variations: [],
    });
    const [row] = await db.select().from(products).where(eq(products.id, made.id));
    expect(row?.dimensions).toEqual({ width: 200, depth: 90, height: 80 });
    // Hidden: the shop does not show it until staff publish it.
    expect(await getProduct(db, "karoo-daybed")).toBeNull();
    const [entry] = await db.select().from(adminAudit).where(eq(adminAudit.action, "product.create"));
    expect(entry).toMatchObject({ entity: "product", entityId: String(made.id) });
    expect(entry?.after).toMatchObject({
      slug: "karoo-daybed",
      category: "sleeper-couches",
      regularPriceCents: 1_499_900,
    });
  });

  test("a taken address or an unknown category is refused on its field, and nothing is made", async () => {
    const { db } = getDb();
    const before = (await db.select({ id: products.id }).from(products)).length;
    const taken = await refusal(
      createProduct(db, newProductFields.parse({ ...form, slug: "eden-2-seater" }), await audit()),
    );
    expect([taken.status, taken.data.field]).toEqual([409, "slug"]);
    const unknown = await refusal(
      createProduct(db, newProductFields.parse({ ...form, slug: "karoo-2", category: "garden" }), await audit()),
    );
    expect([unknown.status, unknown.data.field, unknown.message]).toEqual([400, "category", "Choose a category"]);
    expect((await db.select({ id: products.id }).from(products)).length).toBe(before);
  });

  test("through the call: staff make one (201), a guest gets the ordinary 404", async () => {
    const { db } = getDb();
    const guest = await call<{ code: string }>(productList.POST, "/api/admin/products", {
      json: { ...form, slug: "karoo-guest" },
      headers: SAME_ORIGIN,
    });
    expect([guest.status, guest.body.code]).toEqual([404, "not_found"]);
    const staff = await makeStaff(db);
    const made = await call<{ product: { id: number; slug: string }; message: string }>(
      productList.POST,
      "/api/admin/products",
      { json: { ...form, slug: "karoo-call" }, jar: staff.jar, headers: SAME_ORIGIN },
    );
    expect([made.status, made.body.message]).toEqual([201, "Karoo Daybed created. It is hidden until you publish it."]);
    const bad = await call<{ data: { fields?: Record<string, string> } }>(productList.POST, "/api/admin/products", {
      json: { ...form, slug: "karoo-bad", width: "wide" },
      jar: staff.jar,
      headers: SAME_ORIGIN,
    });
    expect([bad.status, bad.body.data.fields?.width]).toEqual([400, "Enter the width in whole centimetres"]);
  });
});

describe("duplicating a product", () => {
  test("makes a hidden copy with its variations (stock 0, SKUs of their own), its words and pictures", async () => {
    const { db } = getDb();
    const [eden] = await db.select().from(products).where(eq(products.slug, "eden-2-seater"));
    const source = (await getAdminProduct(db, eden!.id))!;
    const copy = await duplicateProduct(db, eden!.id, await audit());
    expect(copy).toMatchObject({
      slug: "eden-2-seater-copy",
      name: "Eden 2 Seater (copy)",
      published: false,
      categorySlug: source.categorySlug,
      description: source.description,
    });
    expect(copy.variations.map((v) => [v.option, v.sku, v.stock, v.regularPriceCents])).toEqual(
      source.variations.map((v) => [v.option, `${v.sku}-COPY`, 0, v.regularPriceCents]),
    );
    const [row] = await db.select().from(products).where(eq(products.id, copy.id));
    expect(row?.images).toEqual(eden!.images);
    // The source is untouched.
    expect((await getAdminProduct(db, eden!.id))!.variations).toEqual(source.variations);

    const again = await duplicateProduct(db, eden!.id, await audit());
    expect(again.slug).toBe("eden-2-seater-copy-2");
    expect(again.variations[0]!.sku).toBe(`${source.variations[0]!.sku}-COPY-2`);
    expect(await db.select().from(adminAudit).where(eq(adminAudit.action, "product.duplicate"))).toHaveLength(2);
  });

  test("through the call: 201 with the copy's id", async () => {
    const { db } = getDb();
    const [pebble] = await db.select().from(products).where(eq(products.slug, "pebble-ottoman"));
    const staff = await makeStaff(db);
    const id = String(pebble!.id);
    const res = await call<{ product: { id: number; slug: string }; message: string }>(
      productOne.POST,
      `/api/admin/products/${id}`,
      { json: { action: "duplicate" }, jar: staff.jar, headers: SAME_ORIGIN, params: { id } },
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Pebble Ottoman (copy) made: hidden until you publish it.");
    expect(await db.select().from(variations).where(eq(variations.productId, res.body.product.id))).toHaveLength(
      (await db.select().from(variations).where(eq(variations.productId, pebble!.id))).length,
    );
  });
});
