import { and, eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { adminContext, makeStaff, refusal, SAME_ORIGIN } from "@/test/support/admin";
import { call } from "@/test/support/api-client";
import * as productOne from "@/app/api/admin/products/[id]/route";
import { adminAudit, products, variations, type Dimensions } from "@/lib/db/schema";
import { setMeasurements, setPrice } from "@/lib/admin/products";
import { MEASURES, measurementErrors, measurementFields } from "@/lib/admin/product-form";
import { auditAs } from "@/lib/admin/catalog-api";
import { getProduct } from "@/lib/catalog/queries";

const getDb = setupTestDb();

async function audit() {
  const { db } = getDb();
  const { staff } = await makeStaff(db);
  return auditAs(adminContext(db, staff));
}

async function product(slug: string) {
  const [p] = await getDb().db.select().from(products).where(eq(products.slug, slug));
  return p!;
}

describe("the measurements form's schema", () => {
  test.each([
    ["no width", { width: "", depth: "90", height: "80" }, "width", "Enter the width in whole centimetres"],
    [
      "half a centimetre",
      { width: "200", depth: "90.5", height: "80" },
      "depth",
      "Enter the depth in whole centimetres",
    ],
    ["a seat of 0 cm", { width: "200", depth: "90", height: "80", seatHeight: "0" }, "seatHeight", "or leave it empty"],
    [
      "a 20 m diagonal",
      { width: "200", depth: "90", height: "80", diagonalDepth: "2000" },
      "diagonalDepth",
      "at most 1000 cm",
    ],
  ])("%s is refused on its field", (_label, input, field, message) => {
    expect(measurementErrors(input)[field]).toContain(message);
  });

  test("a weight is typed in kilograms and kept in grams; empty is not weighed; nonsense is refused on its field", () => {
    const base = { width: "200", depth: "90", height: "80" };
    expect(measurementFields.parse({ ...base, weight: "48,5" }).weight).toBe(48_500);
    expect(measurementFields.parse({ ...base, weight: "61.125" }).weight).toBe(61_125);
    expect(measurementFields.parse({ ...base, weight: "" }).weight).toBeUndefined();
    const refused: Array<[string, string]> = [
      ["0", "Enter the weight in kilograms, such as 48.5, or leave it empty"],
      ["48 kg", "Enter the weight in kilograms, such as 48.5, or leave it empty"],
      ["48500", "The weight is at most 500 kg"],
    ];
    for (const [weight, message] of refused)
      expect(measurementErrors({ ...base, weight })).toEqual({ weight: message });
  });

  test("empty optional measures are left out", () => {
    expect(
      measurementFields.parse({ width: "200", depth: "90", height: "80", seatHeight: "", armHeight: "62" }),
    ).toEqual({
      width: 200,
      depth: 90,
      height: 80,
      seatHeight: undefined,
      seatDepth: undefined,
      armHeight: 62,
      diagonalDepth: undefined,
      openLength: undefined,
    });
  });
});

describe("measurements from the back office", () => {
  test("a product's: the shown measures replace the old, an empty one goes, sections are kept", async () => {
    const { db } = getDb();
    const p = await product("eden-2-seater");
    const withSections: Dimensions = {
      ...p.dimensions,
      seatHeight: 45,
      arrivesIn: { form: "sections", parts: 2, largest: { name: "seat", width: 100, depth: 90, height: 80 } },
    };
    await db.update(products).set({ dimensions: withSections }).where(eq(products.id, p.id));
    const saved = await setMeasurements(
      db,
      { productId: p.id, variationId: null },
      measurementFields.parse({ width: "173", depth: "95", height: "86", seatHeight: "" }),
      await audit(),
    );
    const notShown = Object.fromEntries(
      Object.entries(withSections).filter(([k]) => !MEASURES.some((m) => m.name === k)),
    );
    expect(notShown.arrivesIn).toEqual(withSections.arrivesIn);
    expect(saved.dimensions).toEqual({ ...notShown, width: 173, depth: 95, height: 86 });
    const [entry] = await db.select().from(adminAudit).where(eq(adminAudit.action, "dimensions.set"));
    expect(entry).toMatchObject({ entity: "product", entityId: String(p.id) });
    expect(entry?.before).toMatchObject({ seatHeight: 45 });
  });

  test("a variation's, for every variation of its size: the shop's sizes follow", async () => {
    const { db } = getDb();
    const p = await product("karoo-couch");
    const vs = await db.select().from(variations).where(eq(variations.productId, p.id));
    const sized = vs.filter((v) => v.attributes.Size);
    expect(sized.length).toBeGreaterThan(1);
    const first = sized[0]!;
    const size = first.attributes.Size!;
    const sameSize = sized.filter((v) => v.attributes.Size === size).map((v) => v.id);
    const others = vs.filter((v) => !sameSize.includes(v.id));
    const othersBefore = others.map((v) => v.dimensions);

    await setMeasurements(
      db,
      { productId: p.id, variationId: first.id },
      measurementFields.parse({ width: "250", depth: "101", height: "88", seatDepth: "60" }),
      await audit(),
      "Size",
    );
    const shop = (await getProduct(db, "karoo-couch"))!;
    for (const v of shop.variations) {
      if (sameSize.includes(v.id))
        expect(v.dimensions).toMatchObject({ width: 250, depth: 101, height: 88, seatDepth: 60 });
    }
    const after = await db.select().from(variations).where(eq(variations.productId, p.id));
    expect(others.map((o) => after.find((a) => a.id === o.id)!.dimensions)).toEqual(othersBefore);
    expect(
      await db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.action, "dimensions.set"), eq(adminAudit.entity, "variation"))),
    ).toHaveLength(sameSize.length);
  });

  test("a weight for every option of a size: the shop's page shows it in kilograms, and an empty field takes it away", async () => {
    const { db } = getDb();
    const p = await product("karoo-couch");
    const vs = await db.select().from(variations).where(eq(variations.productId, p.id));
    const first = vs.find((v) => v.attributes.Size)!;
    const sameSize = vs.filter((v) => v.attributes.Size === first.attributes.Size).map((v) => v.id);
    const measured = (weight: string) =>
      measurementFields.parse({ ...(first.dimensions ?? p.dimensions), seatDepth: "", weight });
    await setMeasurements(db, { productId: p.id, variationId: first.id }, measured("61.5"), await audit(), "Size");
    const weights = (await getProduct(db, "karoo-couch"))!.variations.map((v) => [v.id, v.dimensions?.weightGrams]);
    expect(weights.filter(([id]) => sameSize.includes(id as number)).map(([, w]) => w)).toEqual(
      sameSize.map(() => 61_500),
    );
    expect(weights.filter(([id]) => !sameSize.includes(id as number)).map(([, w]) => w)).not.toContain(61_500);

    await setMeasurements(db, { productId: p.id, variationId: first.id }, measured(""), await audit(), "Size");
    const [after] = await db.select().from(variations).where(eq(variations.id, first.id));
    expect(after!.dimensions).not.toHaveProperty("weightGrams");
  });

  test("matching by an attribute the variation does not have is refused, and nothing changes", async () => {
    const { db } = getDb();
    const p = await product("eden-2-seater");
    const [v] = await db.select().from(variations).where(eq(variations.productId, p.id)).limit(1);
    const err = await refusal(
      setMeasurements(
        db,
        { productId: p.id, variationId: v!.id },
        measurementFields.parse({ width: "1", depth: "1", height: "1" }),
        await audit(),
        "Colour",
      ),
    );
    expect([err.status, err.message]).toEqual([400, "This variation has no Colour to match others by"]);
    const [still] = await db.select().from(variations).where(eq(variations.id, v!.id));
    expect(still!.dimensions).toEqual(v!.dimensions);
  });

  test("through the call: saved, or refused on the field", async () => {
    const { db } = getDb();
    const p = await product("pebble-ottoman");
    const staff = await makeStaff(db);
    const id = String(p.id);
    const asStaff = { jar: staff.jar, headers: SAME_ORIGIN, params: { id } };
    const bad = await call<{ data: { fields?: Record<string, string> } }>(
      productOne.POST,
      `/api/admin/products/${id}`,
      {
        ...asStaff,
        json: { action: "measurements", width: "wide", depth: "60", height: "40" },
      },
    );
    expect([bad.status, bad.body.data.fields?.width]).toEqual([400, "Enter the width in whole centimetres"]);
    const ok = await call<{ message: string; product: { dimensions: Dimensions } }>(
      productOne.POST,
      `/api/admin/products/${id}`,
      { ...asStaff, json: { action: "measurements", width: "61", depth: "60", height: "41" } },
    );
    expect([ok.status, ok.body.message]).toEqual([200, "Measurements saved."]);
    expect(ok.body.product.dimensions).toMatchObject({ width: 61, depth: 60, height: 41 });
  });
});

describe("a price for every option of a size", () => {
  test("sets each option of that size, audited one by one, and leaves the other size as it was", async () => {
    const { db } = getDb();
    const p = await product("karoo-couch");
    const vs = await db.select().from(variations).where(eq(variations.productId, p.id));
    const three = vs.filter((v) => v.attributes.Size === "3 Seater");
    const two = vs.filter((v) => v.attributes.Size === "2 Seater");
    expect(three.length).toBeGreaterThan(1);
    await setPrice(
      db,
      { productId: p.id, variationId: three[0]!.id, regularPriceCents: 1_599_900, salePriceCents: 1_499_900 },
      await audit(),
      "Size",
    );
    const after = await db.select().from(variations).where(eq(variations.productId, p.id));
    for (const v of three)
      expect(after.find((a) => a.id === v.id)).toMatchObject({
        regularPriceCents: 1_599_900,
        salePriceCents: 1_499_900,
      });
    for (const v of two)
      expect(after.find((a) => a.id === v.id)).toMatchObject({
        regularPriceCents: v.regularPriceCents,
        salePriceCents: v.salePriceCents,
      });
    expect(
      await db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.action, "price.set"), eq(adminAudit.entity, "variation"))),
    ).toHaveLength(three.length);
  });
});
