import { asc, eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { adminContext, makeStaff, refusal, SAME_ORIGIN } from "@/test/support/admin";
import { makeCustomer, makeOrder } from "@/test/support/auth";
import { call } from "@/test/support/api-client";
import * as options from "@/app/api/admin/products/[id]/options/route";
import { adminAudit, orderLines, products, variations } from "@/lib/db/schema";
import { setOptions } from "@/lib/admin/product-options";
import { optionChanges, optionGrid, optionsErrors, optionsFields } from "@/lib/admin/options-form";
import { seedFabrics } from "@/lib/catalog/seed-fabrics";
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

async function optionsOf(productId: number) {
  return getDb()
    .db.select()
    .from(variations)
    .where(eq(variations.productId, productId))
    .orderBy(asc(variations.sortOrder));
}

const parsed = (attributes: Array<{ name: string; values: string }>) =>
  optionsFields(seedFabrics).parse({ attributes }).attributes;

describe("the options form's schema", () => {
  test("values are split at commas and lines, and a fabric is written as the range names it", () => {
    expect(
      parsed([
        { name: " Size ", values: "2 Seater,  3 Seater\n" },
        { name: "Fabric", values: "oat\nivory bouclé" },
      ]),
    ).toEqual([
      { name: "Size", options: ["2 Seater", "3 Seater"] },
      { name: "Fabric", options: ["Oat", "Ivory Bouclé"] },
    ]);
  });

  test.each([
    [
      "a fabric not in the range",
      [{ name: "Fabric", values: "Oat, Tartan" }],
      "attributes.0.values",
      "Tartan is not one of our fabrics",
    ],
    ["a value twice", [{ name: "Size", values: "King, king" }], "attributes.0.values", "king is there twice"],
    [
      "a separator the option key uses",
      [{ name: "Size", values: "2|3 Seater" }],
      "attributes.0.values",
      "may not hold | or =",
    ],
    ["no values", [{ name: "Size", values: " , " }], "attributes.0.values", "Give Size at least one value"],
    [
      "an attribute twice",
      [
        { name: "Size", values: "King" },
        { name: "size", values: "Queen" },
      ],
      "attributes.1.name",
      "size is there twice",
    ],
    ["a nameless attribute", [{ name: "", values: "King" }], "attributes.0.name", "Name the attribute"],
    [
      "too many options",
      [
        { name: "Size", values: Array.from({ length: 11 }, (_, i) => `S${i}`).join(",") },
        { name: "Leg", values: Array.from({ length: 10 }, (_, i) => `L${i}`).join(",") },
      ],
      "attributes",
      "That makes 110 options; a product has at most 100",
    ],
  ])("%s is refused on its field", (_label, attributes, field, message) => {
    expect(optionsErrors(seedFabrics, { attributes })[field]).toContain(message);
  });

  test("the grid: every combination, the first attribute outermost; none when each has one value", () => {
    const grid = optionGrid([
      { name: "Size", options: ["2 Seater", "3 Seater"] },
      { name: "Fabric", options: ["Oat", "Charcoal"] },
    ]);
    expect(grid).toEqual([
      { Size: "2 Seater", Fabric: "Oat" },
      { Size: "2 Seater", Fabric: "Charcoal" },
      { Size: "3 Seater", Fabric: "Oat" },
      { Size: "3 Seater", Fabric: "Charcoal" },
    ]);
    expect(optionGrid([{ name: "Fabric", options: ["Oat"] }])).toEqual([]);
    const changes = optionChanges(
      [{ name: "Fabric", options: ["Oat", "Sand"] }],
      [{ Fabric: "Oat" }, { Fabric: "Olive" }],
    );
    expect([changes.made, changes.removed]).toEqual([[{ Fabric: "Sand" }], [{ Fabric: "Olive" }]]);
  });
});

describe("options from the back office", () => {
  test("a simple product given two sizes and two fabrics is sold in four options, each with no stock yet", async () => {
    const { db } = getDb();
    const p = await product("pebble-ottoman");
    const done = await setOptions(
      db,
      p.id,
      parsed([
        { name: "Size", values: "Small, Large" },
        { name: "Fabric", values: "Oat, Charcoal" },
      ]),
      await audit(),
    );
    expect(done).toMatchObject({ options: 4, made: 4, removed: 0 });
    const made = await optionsOf(p.id);
    expect(made.map((v) => [v.attributes, v.regularPriceCents, v.salePriceCents, v.stock, v.sku])).toEqual([
      [{ Size: "Small", Fabric: "Oat" }, p.regularPriceCents, null, 0, "PEBBLE-OTTOMAN-FABRIC-OAT-SIZE-SMALL"],
      [
        { Size: "Small", Fabric: "Charcoal" },
        p.regularPriceCents,
        null,
        0,
        "PEBBLE-OTTOMAN-FABRIC-CHARCOAL-SIZE-SMALL",
      ],
      [{ Size: "Large", Fabric: "Oat" }, p.regularPriceCents, null, 0, "PEBBLE-OTTOMAN-FABRIC-OAT-SIZE-LARGE"],
      [
        { Size: "Large", Fabric: "Charcoal" },
        p.regularPriceCents,
        null,
        0,
        "PEBBLE-OTTOMAN-FABRIC-CHARCOAL-SIZE-LARGE",
      ],
    ]);
    // The shop sells it by its options at the next request.
    const shop = (await getProduct(db, "pebble-ottoman"))!;
    expect(shop.attributes.map((a) => [a.name, a.options])).toEqual([
      ["Size", ["Small", "Large"]],
      ["Fabric", ["Oat", "Charcoal"]],
    ]);
    expect(shop.variations).toHaveLength(4);
    const [entry] = await db.select().from(adminAudit).where(eq(adminAudit.action, "product.options"));
    expect(entry).toMatchObject({ entity: "product", entityId: String(p.id) });
    expect(entry!.after).toMatchObject({ options: 4, removed: [] });
  });

  test("a new fabric keeps every option's price and stock and prices the new ones as their size", async () => {
    const { db } = getDb();
    const p = await product("karoo-couch");
    const before = await optionsOf(p.id);
    const attrs = p.attributes.map((a) =>
      a.name === "Fabric"
        ? { name: a.name, values: [...a.options, "Olive"].join(", ") }
        : { name: a.name, values: a.options.join(", ") },
    );
    expect(p.attributes.find((a) => a.name === "Fabric")?.options).not.toContain("Olive");
    const sizes = p.attributes.find((a) => a.name === "Size")!.options;
    const done = await setOptions(db, p.id, parsed(attrs), await audit());
    expect(done).toMatchObject({ made: sizes.length, removed: 0 });
    const after = await optionsOf(p.id);
    for (const v of before) {
      const same = after.find((a) => a.id === v.id)!;
      expect([same.sku, same.regularPriceCents, same.salePriceCents, same.stock]).toEqual([
        v.sku,
        v.regularPriceCents,
        v.salePriceCents,
        v.stock,
      ]);
    }
    for (const size of sizes) {
      const olive = after.find((a) => a.attributes.Fabric === "Olive" && a.attributes.Size === size)!;
      const model = before.find((b) => b.attributes.Size === size)!;
      expect([olive.regularPriceCents, olive.salePriceCents, olive.stock]).toEqual([model.regularPriceCents, null, 0]);
      expect(olive.dimensions).toEqual(model.dimensions);
    }
  });

  test("an option an order names is not removed, and nothing changes", async () => {
    const { db } = getDb();
    const p = await product("karoo-couch");
    const before = await optionsOf(p.id);
    const ordered = before[0]!;
    const order = await makeOrder(db, null);
    await db
      .update(orderLines)
      .set({ productId: p.id, variationId: ordered.id })
      .where(eq(orderLines.orderId, order.id));
    const fabric = ordered.attributes.Fabric!;
    const attrs = p.attributes.map((a) => ({
      name: a.name,
      values: (a.name === "Fabric" ? a.options.filter((o) => o !== fabric) : a.options).join(", "),
    }));
    const audited = await db.select().from(adminAudit).where(eq(adminAudit.action, "product.options"));
    const err = await refusal(setOptions(db, p.id, parsed(attrs), await audit()));
    expect([err.status, err.code]).toEqual([409, "option_ordered"]);
    expect(err.message).toContain(`${Object.values(ordered.attributes).join(", ")} was ordered`);
    expect((await optionsOf(p.id)).map((v) => v.id)).toEqual(before.map((v) => v.id));
    expect((await product("karoo-couch")).attributes).toEqual(p.attributes);
    expect(await db.select().from(adminAudit).where(eq(adminAudit.action, "product.options"))).toHaveLength(
      audited.length,
    );
  });

  test("through the call: guests and customers get the ordinary 404; staff are refused on the field, then saved", async () => {
    const { db } = getDb();
    const p = await product("kraal-cube-ottoman");
    const id = String(p.id);
    const json = { attributes: [{ name: "Fabric", values: "Charcoal, Oat" }] };
    const customer = await makeCustomer(db);
    for (const jar of [undefined, customer.jar]) {
      const res = await call(options.POST, `/api/admin/products/${id}/options`, {
        json,
        jar,
        headers: SAME_ORIGIN,
        params: { id },
      });
      expect(res.status).toBe(404);
    }
    expect(await optionsOf(p.id)).toHaveLength(0);
    const staff = await makeStaff(db);
    const asStaff = { jar: staff.jar, headers: SAME_ORIGIN, params: { id } };
    const bad = await call<{ data: { fields?: Record<string, string> } }>(
      options.POST,
      `/api/admin/products/${id}/options`,
      { ...asStaff, json: { attributes: [{ name: "Fabric", values: "Charcoal, Plaid" }] } },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields?.["attributes.0.values"]).toContain("Plaid is not one of our fabrics");
    const ok = await call<{ message: string }>(options.POST, `/api/admin/products/${id}/options`, { ...asStaff, json });
    expect([ok.status, ok.body.message]).toEqual([200, "Options saved: 2 options, 2 new, 0 removed."]);
    const crossSite = await call(options.POST, `/api/admin/products/${id}/options`, {
      ...asStaff,
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      json: { attributes: [] },
    });
    expect(crossSite.status).toBe(403);
    expect(await optionsOf(p.id)).toHaveLength(2);
  });
});
