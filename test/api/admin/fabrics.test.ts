import { desc, eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { adminContext, makeStaff, SAME_ORIGIN, refusal } from "@/test/support/admin";
import { makeCustomer } from "@/test/support/auth";
import { call } from "@/test/support/api-client";
import * as fabricList from "@/app/api/admin/fabrics/route";
import * as fabricOne from "@/app/api/admin/fabrics/[id]/route";
import * as familyRoute from "@/app/api/admin/fabric-families/route";
import { adminAudit, fabricFamilies, fabrics } from "@/lib/db/schema";
import { listFabricFamilies } from "@/lib/catalog/queries";
import { seedFabricFamilies } from "@/lib/catalog/seed-fabrics";
import { createFabric, deleteFabric, getAdminFabric, listAdminFabrics, updateFabric } from "@/lib/admin/fabrics";
import { fabricFieldErrors, fabricFields } from "@/lib/admin/fabric-form";
import { auditAs } from "@/lib/admin/catalog-api";
import { fabricByName, restockNote } from "@/lib/catalog/fabrics";
import { listFabrics } from "@/lib/catalog/queries";
import { seedFabrics } from "@/lib/catalog/seed-fabrics";
import { seedProducts } from "@/lib/catalog/seed-data";
import { setOptions } from "@/lib/admin/product-options";
import { products } from "@/lib/db/schema";

const getDb = setupTestDb();

const FYNBOS = {
  name: "Fynbos",
  slug: "fynbos",
  hex: "#7A8450",
  shade: "#5a6238",
  family: "Velvet",
  note: "A grey-green velvet, the colour of the mountain in winter.",
  restockWeeks: "5",
  position: "9",
};

const fields = (over: Record<string, unknown> = {}) => fabricFields.parse({ ...FYNBOS, ...over });

async function audit() {
  const { db } = getDb();
  const { staff } = await makeStaff(db);
  return auditAs(adminContext(db, staff));
}

/** How many demo products offer a fabric: what the back office must count. */
const demoProductsOffering = (name: string) =>
  seedProducts.filter((p) => p.attributes.some((a) => a.name === "Fabric" && a.options.includes(name))).length;

async function idOf(slug: string): Promise<number> {
  const [row] = await getDb().db.select({ id: fabrics.id }).from(fabrics).where(eq(fabrics.slug, slug));
  return row!.id;
}

describe("the fabric form's schema", () => {
  test.each([
    [{ name: "" }, "name", "Give the fabric a name"],
    [{ name: "x".repeat(41) }, "name", "Keep the name to 40 characters"],
    [{ name: "Oat|Sand" }, "name", "A name may not hold a comma, | or ="],
    [{ slug: "Fyn Bos" }, "slug", "Use lower-case letters"],
    [{ slug: "" }, "slug", "Give the fabric an address"],
    [{ hex: "#fff" }, "hex", "Give the colour as #rrggbb"],
    [{ hex: "green" }, "hex", "Give the colour as #rrggbb"],
    [{ shade: "#12345g" }, "shade", "Give the shade as #rrggbb"],
    [{ family: "" }, "family", "Name the fabric's family"],
    [{ family: "x".repeat(41) }, "family", "Keep the family to 40 characters"],
    [{ note: "x".repeat(201) }, "note", "Keep the note to 200 characters"],
    [{ restockWeeks: "0" }, "restockWeeks", "The weeks are a whole number from 1 to 26"],
    [{ restockWeeks: "27" }, "restockWeeks", "The weeks are a whole number from 1 to 26"],
    [{ restockWeeks: "2.5" }, "restockWeeks", "The weeks are a whole number from 1 to 26"],
    [{ position: "-1" }, "position", "The order is between 0 and 999"],
  ])("%j is refused on %s", (change, field, message) => {
    expect(fabricFieldErrors({ ...FYNBOS, ...change })[field]).toContain(message);
  });

  test("a well-formed fabric passes, its colours in lower case and its text trimmed", () => {
    expect(fabricFieldErrors(FYNBOS)).toEqual({});
    expect(fabricFields.parse({ ...FYNBOS, name: " Fynbos ", note: undefined, position: undefined })).toEqual({
      name: "Fynbos",
      slug: "fynbos",
      hex: "#7a8450",
      shade: "#5a6238",
      family: "Velvet",
      note: "",
      colourWords: "",
      restockWeeks: 5,
      position: 0,
    });
    expect(fabricFields.parse({ ...FYNBOS, colourWords: " green ,  sage,, khaki " }).colourWords).toBe(
      "green, sage, khaki",
    );
    expect(fabricFieldErrors({ ...FYNBOS, colourWords: "green; sage" }).colourWords).toMatch(/one word each/);
  });
});

describe("fabrics in the back office", () => {
  let id = 0;

  test("the demo range is listed in the shop's order, each with the products that offer it", async () => {
    const listed = await listAdminFabrics(getDb().db);
    expect(listed.map((f) => f.name)).toEqual(seedFabrics.map((f) => f.name));
    for (const f of listed) expect([f.name, f.productCount]).toEqual([f.name, demoProductsOffering(f.name)]);
    expect(listed.find((f) => f.name === "Oat")!.productCount).toBeGreaterThan(0);
  });

  test("a new fabric is listed with no products, the shop reads it, and the change is audited", async () => {
    const { db } = getDb();
    const created = await createFabric(db, fields(), await audit());
    id = created.id;
    expect(created).toMatchObject({ name: "Fynbos", slug: "fynbos", hex: "#7a8450", productCount: 0, position: 9 });
    expect(fabricByName(await listFabrics(db), "fynbos")).toMatchObject({ hex: "#7a8450", restockWeeks: 5 });
    const [entry] = await db.select().from(adminAudit).where(eq(adminAudit.action, "fabric.create"));
    expect(entry).toMatchObject({ entity: "fabric", entityId: String(id) });
    expect(entry?.after).toMatchObject({ slug: "fynbos", hex: "#7a8450" });
  });

  test("a name another fabric has, in any case, or its slug, is refused on that field", async () => {
    const { db } = getDb();
    const name = await refusal(createFabric(db, fields({ name: "oat", slug: "oat-2" }), await audit()));
    expect([name.status, name.code, name.data.field]).toEqual([409, "fabric_name_taken", "name"]);
    const slug = await refusal(createFabric(db, fields({ name: "Oats", slug: "oat" }), await audit()));
    expect([slug.status, slug.code, slug.data.field]).toEqual([409, "fabric_slug_taken", "slug"]);
    const other = await refusal(updateFabric(db, id, fields({ slug: "sand" }), await audit()));
    expect(other.status).toBe(409);
  });

  test("an unused fabric may be renamed and given a new slug", async () => {
    const { db } = getDb();
    const renamed = await updateFabric(db, id, fields({ name: "Fynbos Green", slug: "fynbos-green" }), await audit());
    expect(renamed).toMatchObject({ name: "Fynbos Green", slug: "fynbos-green" });
    await updateFabric(db, id, fields(), await audit());
  });

  test("a used fabric's colours, family, note and weeks change, and the shop reads the new ones", async () => {
    const { db } = getDb();
    const oat = seedFabrics.find((f) => f.name === "Oat")!;
    const oatId = await idOf("oat");
    const changed = await updateFabric(
      db,
      oatId,
      fabricFields.parse({ ...oat, hex: "#E0D2B8", restockWeeks: "7", note: "Warmer than before." }),
      await audit(),
    );
    expect(changed).toMatchObject({ hex: "#e0d2b8", restockWeeks: 7, productCount: demoProductsOffering("Oat") });
    // What the swatches page, the cards and the buy box read: the range as the database has it.
    const range = await listFabrics(db);
    expect(fabricByName(range, "Oat")).toMatchObject({ hex: "#e0d2b8", note: "Warmer than before." });
    expect(restockNote(range, { Fabric: "Oat" })).toBe("Back in about 7 weeks");
    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.entityId, String(oatId)));
    expect(entry).toMatchObject({ action: "fabric.update", entity: "fabric" });
    expect(entry?.before).toMatchObject({ hex: oat.hex, restockWeeks: oat.restockWeeks });
    expect(entry?.after).toMatchObject({ hex: "#e0d2b8", restockWeeks: 7 });
  });

  test("a used fabric keeps its name and slug: the refusal says how many products offer it", async () => {
    const { db } = getDb();
    const oatId = await idOf("oat");
    const oat = (await getAdminFabric(db, oatId))!;
    const n = demoProductsOffering("Oat");
    const base = { ...oat, restockWeeks: String(oat.restockWeeks), position: String(oat.position) };
    const renamed = await refusal(
      updateFabric(db, oatId, fabricFields.parse({ ...base, name: "Oatmeal" }), await audit()),
    );
    expect([renamed.status, renamed.code, renamed.data.field, renamed.data.products]).toEqual([
      409,
      "fabric_in_use",
      "name",
      n,
    ]);
    expect(renamed.message).toBe(
      `${n} products offer Oat: its name stays while they do (its colours, family, note and weeks can change)`,
    );
    const moved = await refusal(
      updateFabric(db, oatId, fabricFields.parse({ ...base, slug: "oatmeal" }), await audit()),
    );
    expect([moved.status, moved.data.field]).toEqual([409, "slug"]);
    expect(moved.message).toContain("its address stays");
    const cased = await refusal(updateFabric(db, oatId, fabricFields.parse({ ...base, name: "OAT" }), await audit()));
    expect(cased.status).toBe(409);
    expect(await getAdminFabric(db, oatId)).toMatchObject({ name: "Oat", slug: "oat" });
  });

  test("deleting a used fabric is refused with the count; an unused one is deleted and audited", async () => {
    const { db } = getDb();
    const n = demoProductsOffering("Oat");
    const err = await refusal(deleteFabric(db, await idOf("oat"), await audit()));
    expect([err.status, err.code]).toEqual([409, "fabric_in_use"]);
    expect(err.message).toBe(`${n} products still offer Oat: take it off them first`);
    await deleteFabric(db, id, await audit());
    expect(await db.select().from(fabrics).where(eq(fabrics.id, id))).toEqual([]);
    const [entry] = await db.select().from(adminAudit).where(eq(adminAudit.action, "fabric.delete"));
    expect(entry).toMatchObject({ entity: "fabric", entityId: String(id), after: null });
    expect(entry?.before).toMatchObject({ slug: "fynbos" });
    const gone = await refusal(deleteFabric(db, id, await audit()));
    expect([gone.status, gone.code]).toEqual([404, "fabric_not_found"]);
  });
});

describe("the fabrics calls", () => {
  type Body = {
    status: number;
    code: string;
    message: string;
    data: { field?: string; fields?: Record<string, string>; products?: number };
  };

  test("a guest and a customer get the ordinary 404; staff are refused a malformed colour on its field", async () => {
    const { db } = getDb();
    const customer = await makeCustomer(db);
    const json = { ...FYNBOS, name: "Sneaky", slug: "sneaky" };
    for (const jar of [undefined, customer.jar]) {
      const res = await call<Body>(fabricList.POST, "/api/admin/fabrics", { json, jar, headers: SAME_ORIGIN });
      expect([res.status, res.body.code]).toEqual([404, "not_found"]);
      const list = await call<Body>(fabricList.GET, "/api/admin/fabrics", { jar });
      expect(list.status).toBe(404);
    }
    expect(await db.select().from(fabrics).where(eq(fabrics.slug, "sneaky"))).toEqual([]);

    const staff = await makeStaff(db);
    const asStaff = { jar: staff.jar, headers: SAME_ORIGIN };
    const bad = await call<Body>(fabricList.POST, "/api/admin/fabrics", { ...asStaff, json: { ...json, hex: "#abc" } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("invalid_params");
    expect(bad.body.data.fields?.hex).toBe(fabricFieldErrors({ ...json, hex: "#abc" }).hex);
  });

  test("staff list, create, change the colour with PATCH, are refused renaming Oat, and delete what they made", async () => {
    const { db } = getDb();
    const staff = await makeStaff(db);
    const asStaff = { jar: staff.jar, headers: SAME_ORIGIN };
    const list = await call<{ fabrics: Array<{ name: string; productCount: number }> }>(
      fabricList.GET,
      "/api/admin/fabrics",
      asStaff,
    );
    expect(list.status).toBe(200);
    expect(list.body.fabrics.find((f) => f.name === "Oat")?.productCount).toBe(demoProductsOffering("Oat"));

    const json = { ...FYNBOS, name: "Protea", slug: "protea" };
    const made = await call<{ fabric: { id: number }; message: string }>(fabricList.POST, "/api/admin/fabrics", {
      ...asStaff,
      json,
    });
    expect([made.status, made.body.message]).toEqual([201, "Protea created."]);
    const id = String(made.body.fabric.id);

    const recoloured = await call<{ fabric: { hex: string }; message: string }>(
      fabricOne.PATCH,
      `/api/admin/fabrics/${id}`,
      { ...asStaff, method: "PATCH", params: { id }, json: { ...json, hex: "#c0587e" } },
    );
    expect([recoloured.status, recoloured.body.fabric.hex, recoloured.body.message]).toEqual([
      200,
      "#c0587e",
      "Protea saved.",
    ]);

    const oatId = String(await idOf("oat"));
    const oat = await call<{ fabric: Record<string, unknown> }>(fabricOne.GET, `/api/admin/fabrics/${oatId}`, {
      ...asStaff,
      params: { id: oatId },
    });
    const renamed = await call<Body>(fabricOne.PATCH, `/api/admin/fabrics/${oatId}`, {
      ...asStaff,
      method: "PATCH",
      params: { id: oatId },
      json: { ...oat.body.fabric, name: "Oatmeal" },
    });
    expect([renamed.status, renamed.body.code, renamed.body.data.field]).toEqual([409, "fabric_in_use", "name"]);
    expect(renamed.body.message).toContain(`${demoProductsOffering("Oat")} products offer Oat`);

    const kept = await call<Body>(fabricOne.DELETE, `/api/admin/fabrics/${oatId}`, {
      ...asStaff,
      method: "DELETE",
      params: { id: oatId },
    });
    expect([kept.status, kept.body.code]).toEqual([409, "fabric_in_use"]);

    const gone = await call<Body>(fabricOne.DELETE, `/api/admin/fabrics/${id}`, {
      ...asStaff,
      method: "DELETE",
      params: { id },
    });
    expect([gone.status, gone.body.message]).toEqual([200, "Protea deleted."]);
    const unknown = await call<Body>(fabricOne.GET, `/api/admin/fabrics/${id}`, { ...asStaff, params: { id } });
    expect([unknown.status, unknown.body.code]).toEqual([404, "fabric_not_found"]);
  });
});

describe("what the fabrics page says of each family", () => {
  type Family = { name: string; about: string; fabrics: number };

  test("staff read the demo's words, change one family's, and are refused a family the range lacks", async () => {
    const { db } = getDb();
    const customer = await makeCustomer(db);
    for (const jar of [undefined, customer.jar]) {
      const res = await call(familyRoute.PUT, "/api/admin/fabric-families", {
        method: "PUT",
        json: { family: "Velvet", about: "Hijacked" },
        jar,
        headers: SAME_ORIGIN,
      });
      expect(res.status).toBe(404);
    }
    const staff = await makeStaff(db);
    const asStaff = { jar: staff.jar, headers: SAME_ORIGIN };
    const listed = await call<{ families: Family[] }>(familyRoute.GET, "/api/admin/fabric-families", asStaff);
    const velvet = seedFabricFamilies.find((f) => f.name === "Velvet")!;
    expect(listed.body.families.find((f) => f.name === "Velvet")).toEqual({
      name: "Velvet",
      about: velvet.about,
      fabrics: seedFabrics.filter((f) => f.family === "Velvet").length,
    });

    const fromElsewhere = await call(familyRoute.PUT, "/api/admin/fabric-families", {
      method: "PUT",
      jar: staff.jar,
      headers: { origin: "https://evil.example" },
      json: { family: "Velvet", about: "Hijacked" },
    });
    expect(fromElsewhere.status).toBe(403);

    const about = "Cotton velvet with a deep pile. <b>Brushed</b> by hand.";
    const saved = await call<{ family: Family; message: string }>(familyRoute.PUT, "/api/admin/fabric-families", {
      ...asStaff,
      method: "PUT",
      json: { family: "velvet", about: `  ${about} ` },
    });
    expect([saved.status, saved.body.message, saved.body.family.about]).toEqual([200, "Velvet saved.", about]);
    expect((await listFabricFamilies(db)).find((f) => f.name === "Velvet")?.about).toBe(about);
    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, "fabric_family.update"))
      .orderBy(desc(adminAudit.id))
      .limit(1);
    expect(entry).toMatchObject({
      staffId: staff.staff.id,
      entityId: "Velvet",
      before: { about: velvet.about },
      after: { about },
    });

    const unknown = await call<{ code: string; message: string }>(familyRoute.PUT, "/api/admin/fabric-families", {
      ...asStaff,
      method: "PUT",
      json: { family: "Tweed", about: "Wool." },
    });
    expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([
      404,
      "fabric_family_not_found",
      "No fabric is in the family Tweed",
    ]);
    const long = await call<{ data: { fields: Record<string, string> } }>(
      familyRoute.PUT,
      "/api/admin/fabric-families",
      {
        ...asStaff,
        method: "PUT",
        json: { family: "Velvet", about: "x".repeat(301) },
      },
    );
    expect([long.status, long.body.data.fields.about]).toEqual([400, "Keep it to 300 characters"]);
    expect(await db.select().from(fabricFamilies).where(eq(fabricFamilies.name, "Tweed"))).toEqual([]);
    await db.update(fabricFamilies).set({ about: velvet.about }).where(eq(fabricFamilies.name, "Velvet"));
  });
});

describe("a fabric and the products that offer it, at the same time", () => {
  test("options saved with a fabric deleted since the form was checked are refused, and nothing changes", async () => {
    const { db } = getDb();
    const made = await createFabric(db, fields({ name: "Kelp", slug: "kelp" }), await audit());
    const checked = fabricFields.parse({ ...FYNBOS, name: "Kelp", slug: "kelp" });
    await deleteFabric(db, made.id, await audit());
    const [pebble] = await db.select().from(products).where(eq(products.slug, "pebble-ottoman"));
    const err = await refusal(
      setOptions(db, pebble!.id, [{ name: "Fabric", options: ["Oat", checked.name] }], await audit()),
    );
    expect([err.status, err.message, err.data.field]).toEqual([
      400,
      "Kelp is not one of our fabrics",
      "attributes.0.values",
    ]);
    const [after] = await db.select().from(products).where(eq(products.id, pebble!.id));
    expect(after?.attributes).toEqual(pebble?.attributes);
  });

  test("a fabric the options hold cannot be renamed until they are saved", async () => {
    const { db } = getDb();
    const made = await createFabric(db, fields({ name: "Dune", slug: "dune" }), await audit());
    const [pebble] = await db.select().from(products).where(eq(products.slug, "pebble-ottoman"));
    await setOptions(db, pebble!.id, [{ name: "Fabric", options: ["Dune"] }], await audit());
    const err = await refusal(updateFabric(db, made.id, fields({ name: "Dunes", slug: "dune" }), await audit()));
    expect([err.status, err.message]).toEqual([
      409,
      "1 product offers Dune: its name stays while it does (its colours, family, note and weeks can change)",
    ]);
  });
});
