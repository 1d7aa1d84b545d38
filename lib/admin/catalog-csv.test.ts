import { asc, eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { csvRecords, formulaCells, parseCsv } from "@/test/support/admin-csv";
import { adminAudit, products, variations } from "@/lib/db/schema";
import type { Audit, Change } from "@/lib/admin/change";
import { catalogueCsv, dryRunImport, importCatalogue, IMPORT_ROW_LIMIT } from "@/lib/admin/catalog-csv";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/admin/audit";
import { makeStaff } from "@/test/support/admin";
import { formatMoney } from "@/lib/money/money";

const getDb = setupTestDb();

/** The rows of a file as cells, written back as a spreadsheet saves it (quoted where needed, CRLF). */
function toFile(rows: string[][], opts: { bom?: boolean; eol?: string } = {}): string {
  const cell = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return (
    (opts.bom ? "\uFEFF" : "") + rows.map((r) => r.map(cell).join(",")).join(opts.eol ?? "\r\n") + (opts.eol ?? "\r\n")
  );
}

/** The exported file with some cells changed, found by SKU and column. */
async function editedExport(edits: Array<{ sku: string; column: string; value: string }>) {
  const [header, ...rows] = parseCsv((await catalogueCsv(getDb().db)).csv);
  for (const edit of edits) {
    const row = rows.find((r) => r[header!.indexOf("SKU")] === edit.sku);
    if (!row) throw new Error(`no row for ${edit.sku}`);
    row[header!.indexOf(edit.column)] = edit.value;
  }
  return { header: header!, text: toFile([header!, ...rows]) };
}

/** A row in the file's columns, from the cells named. */
const rowOf = (header: string[], cells: Record<string, string>) => header.map((h) => cells[h] ?? "");

const changes: Change[] = [];
const noteAudit: Audit = async (_tx, change) => {
  changes.push(change);
};

describe("the catalogue as a WooCommerce product CSV", () => {
  test("every product and variation, prices in rand with two decimals, variations under their parent", async () => {
    const db = getDb().db;
    const file = await catalogueCsv(db);
    const records = csvRecords(file.csv);
    const productCount = (await db.select().from(products)).length;
    const variationCount = (await db.select().from(variations)).length;
    expect(file.rows).toBe(productCount + variationCount);
    expect(file.csv.startsWith("\uFEFF")).toBe(true);
    const eden = records.find((r) => r.SKU === "eden-2-seater")!;
    const [edenRow] = await db.select().from(products).where(eq(products.slug, "eden-2-seater"));
    expect(eden.Name).toBe(edenRow!.name);
    expect(eden["Regular price"]).toMatch(/^\d+\.\d{2}$/);
    expect(Math.round(Number(eden["Regular price"]) * 100)).toBe(edenRow!.regularPriceCents);
    const edenVariations = records.filter((r) => r.Parent === "eden-2-seater");
    expect(eden.Type).toBe(edenVariations.length ? "variable" : "simple");
    for (const v of edenVariations) {
      expect(v.Type).toBe("variation");
      expect(v["Attribute 1 name"]).not.toBe("");
    }
    expect(formulaCells(file.csv)).toEqual([]);
  });

  test("exported and imported again, it changes nothing", async () => {
    const plan = await dryRunImport(getDb().db, (await catalogueCsv(getDb().db)).csv);
    expect(plan.errors).toEqual([]);
    expect(plan.changes).toEqual([]);
    expect(plan.summary.create).toBe(0);
    expect(plan.summary.update).toBe(0);
  });
});

describe("a dry run", () => {
  test("says, row by row, what would change, and writes nothing", async () => {
    const db = getDb().db;
    const [variation] = await db.select().from(variations).orderBy(asc(variations.id)).limit(1);
    const { header, text } = await editedExport([
      { sku: variation!.sku, column: "Regular price", value: "25000" },
      { sku: variation!.sku, column: "Stock", value: "17" },
    ]);
    const records = csvRecords(text);
    const rowNumber = records.findIndex((r) => r.SKU === variation!.sku) + 2;
    const withNew =
      text +
      toFile([
        rowOf(header, {
          Type: "simple",
          SKU: "oak-side-table",
          Name: "Oak Side Table",
          "Regular price": "1 499,50",
          Stock: "4",
          Categories: "Furniture > Ottomans",
          "Length (cm)": "40",
          "Width (cm)": "45",
          "Height (cm)": "55",
        }),
      ]);
    const plan = await dryRunImport(db, withNew);
    expect(plan.errors).toEqual([]);
    expect(plan.changes).toEqual([
      {
        row: rowNumber,
        sku: variation!.sku,
        action: "update",
        changes: [
          expect.stringMatching(/^Regular price R.+ → R\u00a025\u00a0000,00$/),
          `Stock ${variation!.stock} → 17`,
        ],
      },
      {
        row: records.length + 2,
        sku: "oak-side-table",
        action: "create",
        changes: [
          expect.stringMatching(/^New simple product: Oak Side Table in Ottomans, R\u00a01\u00a0499,50, stock 4$/),
        ],
      },
    ]);
    const [after] = await db.select().from(variations).where(eq(variations.id, variation!.id));
    expect(after).toEqual(variation);
    expect(await db.select().from(products).where(eq(products.slug, "oak-side-table"))).toEqual([]);
  });

  test("names every problem with its row, and the import then writes nothing at all", async () => {
    const db = getDb().db;
    const [variation] = await db.select().from(variations).orderBy(asc(variations.id)).limit(1);
    const { header, text } = await editedExport([{ sku: variation!.sku, column: "Stock", value: "3" }]);
    const base = csvRecords(text).length + 2;
    const bad = toFile([
      rowOf(header, { Type: "simple", SKU: "bad-price", Name: "Bad", "Regular price": "abc", Categories: "Ottomans" }),
      rowOf(header, { Type: "grouped", SKU: "grouped", Name: "Grouped" }),
      rowOf(header, { Type: "variation", SKU: "ORPHAN-1", Parent: "no-such-product", "Regular price": "10" }),
      rowOf(header, {
        Type: "simple",
        SKU: "no-size",
        Name: "No size",
        "Regular price": "100",
        "Sale price": "150",
        Categories: "Ottomans",
      }),
    ]);
    const file = text + bad;
    const plan = await dryRunImport(db, file);
    expect(plan.errors.map((e) => e.message)).toEqual([
      `Row ${base}: Regular price 'abc' is not an amount in rand`,
      `Row ${base + 1}: Type 'grouped' is not one the shop sells: simple, variable or variation`,
      `Row ${base + 2}: Parent 'no-such-product' is no product in the file or the shop`,
      `Row ${base + 3}: a new product needs Width (cm), Length (cm), Height (cm)`,
    ]);
    await expect(importCatalogue(db, file, noteAudit)).rejects.toMatchObject({
      status: 400,
      code: "invalid_rows",
      data: { errors: plan.errors },
    });
    const [after] = await db.select().from(variations).where(eq(variations.id, variation!.id));
    expect(after!.stock).toBe(variation!.stock);
  });

  test("reads a file saved without a byte-order mark, with LF lines and quoted cells across lines", async () => {
    const db = getDb().db;
    const [eden] = await db.select().from(products).where(eq(products.slug, "eden-2-seater"));
    const rows = [
      ["Type", "SKU", "Name", "Description", "Is featured?"],
      ["variable", "eden-2-seater", eden!.name, 'A "deep" seat,\nmade in Cape Town', eden!.featured ? "0" : "1"],
      ["", "", "", "", ""],
    ];
    const plan = await dryRunImport(db, toFile(rows, { eol: "\n" }));
    expect(plan.errors).toEqual([]);
    expect(plan.changes).toEqual([
      {
        row: 2,
        sku: "eden-2-seater",
        action: "update",
        changes: [`Featured ${eden!.featured ? "yes → no" : "no → yes"}`, "Description changed"],
      },
    ]);
  });

  test("refuses a file that is not a product CSV, or too long, with a clear message", async () => {
    const db = getDb().db;
    await expect(dryRunImport(db, "Name,Email\r\nLerato,l@example.com\r\n")).rejects.toThrow(/no Type column/);
    await expect(dryRunImport(db, 'Type,SKU,Name\r\nsimple,"open,x\r\n')).rejects.toThrow(
      "The file ends inside a quoted cell opened on row 2",
    );
    const long = `Type,SKU,Name\r\n${"simple,a,A\r\n".repeat(IMPORT_ROW_LIMIT + 1)}`;
    await expect(dryRunImport(db, long)).rejects.toThrow(`The file has more than ${IMPORT_ROW_LIMIT} rows`);
    await expect(dryRunImport(db, "x".repeat(5 * 1024 * 1024 + 1))).rejects.toBeInstanceOf(ApiError);
  });
});

describe("the weight column", () => {
  test("WooCommerce's Weight (kg) is read into the product, shown in the dry run, written back out, and checked", async () => {
    const db = getDb().db;
    const { header, text } = await editedExport([{ sku: "eden-2-seater", column: "Weight (kg)", value: "48,5" }]);
    expect(header).toContain("Weight (kg)");
    const plan = await dryRunImport(db, text);
    expect(plan.errors).toEqual([]);
    expect(plan.changes.find((c) => c.sku === "eden-2-seater")?.changes).toEqual(["Weight (kg) none → 48.5"]);
    await importCatalogue(db, text, noteAudit);
    const [eden] = await db.select().from(products).where(eq(products.slug, "eden-2-seater"));
    expect(eden!.dimensions.weightGrams).toBe(48_500);
    expect(csvRecords((await catalogueCsv(db)).csv).find((r) => r.SKU === "eden-2-seater")?.["Weight (kg)"]).toBe(
      "48.5",
    );

    for (const bad of ["heavy", "0", "501", "48.1234"]) {
      const wrong = await editedExport([{ sku: "eden-2-seater", column: "Weight (kg)", value: bad }]);
      const refused = await dryRunImport(db, wrong.text);
      expect(refused.errors.map((e) => e.message)).toEqual([
        expect.stringContaining(`Weight (kg) '${bad}' is not a weight in kilograms up to 500`),
      ]);
    }
  });
});

describe("the fabric attribute", () => {
  test("takes only the shop's fabrics, written as the range names them, and names the row of one it lacks", async () => {
    const db = getDb().db;
    const { header, text } = await editedExport([]);
    const couch = (sku: string, fabrics: string) =>
      rowOf(header, {
        Type: "variable",
        SKU: sku,
        Name: sku,
        Categories: "Couches",
        "Width (cm)": "200",
        "Length (cm)": "90",
        "Height (cm)": "85",
        "Attribute 1 name": "Fabric",
        "Attribute 1 value(s)": fabrics,
      });
    const variation = (sku: string, parent: string, fabric: string) =>
      rowOf(header, {
        Type: "variation",
        SKU: sku,
        Parent: parent,
        "Regular price": "9999",
        "Attribute 1 name": "Fabric",
        "Attribute 1 value(s)": fabric,
      });
    const base = csvRecords(text).length + 2;
    const refused = await dryRunImport(
      db,
      text +
        toFile([
          couch("tartan-couch", "Oat, Tartan Plaid"),
          couch("lower-case-couch", "oat, charcoal"),
          variation("LOWER-OAT", "lower-case-couch", "oat"),
          variation("LOWER-VELVET", "lower-case-couch", "Velvet Moss"),
        ]),
    );
    const range = "use one of Oat, Sand, Stone, Charcoal, Olive, Terracotta, Ink, Ivory Bouclé, Cognac";
    expect(refused.errors).toEqual([
      {
        row: base,
        message: `Row ${base}: 'Tartan Plaid' is not one of our fabrics: add it under Fabrics first, or ${range}`,
      },
      {
        row: base + 3,
        message: `Row ${base + 3}: 'Velvet Moss' is not one of our fabrics: add it under Fabrics first, or ${range}`,
      },
    ]);

    const accepted = await dryRunImport(
      db,
      text + toFile([couch("lower-case-couch", "oat, charcoal"), variation("LOWER-OAT", "lower-case-couch", "oat")]),
    );
    expect(accepted.errors).toEqual([]);
    expect(accepted.changes.find((c) => c.sku === "LOWER-OAT")?.changes).toEqual([
      `New variation of lower-case-couch: Oat, ${formatMoney(999_900)}, stock 0`,
    ]);
  });
});

describe("an import", () => {
  test("writes every change in one go, audited, and the file then matches the shop", async () => {
    const db = getDb().db;
    const staff = await makeStaff(db);
    const audit: Audit = (tx, change) => recordAudit(tx, { staffId: staff.staff.id, ip: "192.0.2.1", ...change });
    const [variation] = await db.select().from(variations).orderBy(asc(variations.id)).limit(1);
    const { header, text } = await editedExport([
      { sku: variation!.sku, column: "Sale price", value: "" },
      { sku: variation!.sku, column: "Regular price", value: "31999.99" },
    ]);
    const file =
      text +
      toFile([
        rowOf(header, {
          Type: "variable",
          SKU: "plett-armchair",
          Name: "Plett Armchair",
          Categories: "Couches",
          "Length (cm)": "80",
          "Width (cm)": "75",
          "Height (cm)": "85",
          Images: "https://cdn.example.co.za/plett.jpg",
          "Attribute 1 name": "Fabric",
          "Attribute 1 value(s)": "Oat, Charcoal",
        }),
        rowOf(header, {
          Type: "variation",
          SKU: "PLETT-OAT",
          Parent: "plett-armchair",
          "Regular price": "6999",
          Stock: "2",
          "Attribute 1 name": "Fabric",
          "Attribute 1 value(s)": "Oat",
        }),
        rowOf(header, {
          Type: "variation",
          SKU: "PLETT-CHARCOAL",
          Parent: "plett-armchair",
          "Regular price": "7499",
          "Sale price": "6499",
          Stock: "0",
          "Attribute 1 name": "Fabric",
          "Attribute 1 value(s)": "Charcoal",
        }),
      ]);
    const plan = await importCatalogue(db, file, audit);
    expect(plan.summary).toMatchObject({ create: 3, update: 1 });
    const [after] = await db.select().from(variations).where(eq(variations.id, variation!.id));
    expect(after).toMatchObject({ regularPriceCents: 3_199_999, salePriceCents: null });
    const [plett] = await db.select().from(products).where(eq(products.slug, "plett-armchair"));
    expect(plett).toMatchObject({ name: "Plett Armchair", regularPriceCents: 699_900, published: true });
    const plettVariations = await db
      .select()
      .from(variations)
      .where(eq(variations.productId, plett!.id))
      .orderBy(asc(variations.sortOrder));
    expect(plettVariations.map((v) => [v.sku, v.attributes, v.regularPriceCents, v.salePriceCents, v.stock])).toEqual([
      ["PLETT-OAT", { Fabric: "Oat" }, 699_900, null, 2],
      ["PLETT-CHARCOAL", { Fabric: "Charcoal" }, 749_900, 649_900, 0],
    ]);
    const entries = await db.select().from(adminAudit).where(eq(adminAudit.staffId, staff.staff.id));
    expect(entries.map((e) => [e.action, e.entityId])).toEqual(
      expect.arrayContaining([
        ["variation.import", String(variation!.id)],
        ["catalog.import", ""],
      ]),
    );
    const entry = entries.find((e) => e.action === "variation.import")!;
    expect(entry.before).toMatchObject({ regularPriceCents: variation!.regularPriceCents });
    expect(entry.after).toMatchObject({ regularPriceCents: 3_199_999 });

    const again = await dryRunImport(db, (await catalogueCsv(db)).csv);
    expect(again.errors).toEqual([]);
    expect(again.changes).toEqual([]);
  });

  test("a hostile cell comes back out of the export made safe, and imports back as it was", async () => {
    const db = getDb().db;
    const hostile = '=HYPERLINK("http://evil.example","x")';
    const { header, text } = await editedExport([]);
    const file =
      text +
      toFile([
        rowOf(header, {
          Type: "simple",
          SKU: "hostile-stool",
          Name: hostile,
          Description: "Soft.\n- Oak legs\n+ a cushion",
          "Regular price": "100",
          Categories: "Ottomans",
          "Length (cm)": "40",
          "Width (cm)": "40",
          "Height (cm)": "45",
        }),
      ]);
    await importCatalogue(db, file, noteAudit);
    const exported = (await catalogueCsv(db)).csv;
    expect(formulaCells(exported)).toEqual([]);
    expect((await dryRunImport(db, exported)).changes).toEqual([]);
    const [stool] = await db.select().from(products).where(eq(products.slug, "hostile-stool"));
    expect(stool).toMatchObject({ name: hostile, description: "Soft.\n- Oak legs\n+ a cushion" });
  });
});

describe("five hundred products", () => {
  test("with three variations each dry-run and import in one go", async () => {
    const db = getDb().db;
    const header = [
      "Type",
      "SKU",
      "Name",
      "Regular price",
      "Stock",
      "Categories",
      "Length (cm)",
      "Width (cm)",
      "Height (cm)",
      "Parent",
      "Attribute 1 name",
      "Attribute 1 value(s)",
    ];
    const fabrics = ["Oat", "Charcoal", "Olive"];
    const rows: string[][] = [header];
    for (let i = 0; i < 500; i++) {
      const slug = `bulk-couch-${i}`;
      rows.push([
        "variable",
        slug,
        `Bulk Couch ${i}`,
        "",
        "",
        "Couches",
        "90",
        "200",
        "85",
        "",
        "Fabric",
        fabrics.join(", "),
      ]);
      fabrics.forEach((fabric, f) =>
        rows.push([
          "variation",
          `BULK-${i}-${fabric.toUpperCase()}`,
          "",
          `${9000 + i + f}.50`,
          String(f),
          "",
          "",
          "",
          "",
          slug,
          "Fabric",
          fabric,
        ]),
      );
    }
    const file = toFile(rows);
    const plan = await dryRunImport(db, file);
    expect(plan.errors).toEqual([]);
    expect(plan.summary).toEqual({ create: 2000, update: 0, unchanged: 0 });
    await importCatalogue(db, file, noteAudit);
    const again = await dryRunImport(db, file);
    expect(again.changes).toEqual([]);
    expect(again.summary).toEqual({ create: 0, update: 0, unchanged: 2000 });
    const [last] = await db.select().from(products).where(eq(products.slug, "bulk-couch-499"));
    expect(last!.regularPriceCents).toBe(949_950);
  });
});
