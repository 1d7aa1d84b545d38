import { and, count, eq, inArray, like } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { makeStaff } from "@/test/support/admin";
import { adminAudit, categories, products, productSearch, variations } from "@/lib/db/schema";
import { IMPORT_LIMIT_BYTES, IMPORT_ROW_LIMIT } from "@/lib/admin/catalog-csv";
import { importLargerCatalogue, largerCatalogueCsv } from "@/scripts/bench/larger-catalogue";
import { listProducts } from "@/lib/catalog/queries";

const getDb = setupTestDb();

describe("the bench's bigger catalogue, imported as a WooCommerce CSV", () => {
  test("500 products fit in one upload and import in one go, each with its variations, found by the shop", async () => {
    const db = getDb().db;
    const [before] = await db.select({ n: count() }).from(products);
    const [variationsBefore] = await db.select({ n: count() }).from(variations);
    const staff = await makeStaff(db, "admin");

    const file = await largerCatalogueCsv(db, 500);
    // One file the back office's upload takes as it is.
    expect(file.bytes).toBeLessThanOrEqual(IMPORT_LIMIT_BYTES);
    expect(file.rows).toBeLessThanOrEqual(IMPORT_ROW_LIMIT);

    const done = await importLargerCatalogue(db, 500, staff.customer.id);
    expect(done.createdRows).toBe(file.rows); // every product and variation row is a new one
    const [after] = await db.select({ n: count() }).from(products);
    expect(after!.n).toBe(before!.n + 500);
    // Every copied product brought its variations: as many new ones as the file's variation rows.
    const [variationsAfter] = await db.select({ n: count() }).from(variations);
    expect(variationsAfter!.n - variationsBefore!.n).toBe(file.rows - 500);
    const [audited] = await db.select({ n: count() }).from(adminAudit).where(eq(adminAudit.action, "catalog.import"));
    expect(audited!.n).toBe(1);

    // A shopper finds one of them on its category page and in search's index.
    const [copy] = await db.select().from(products).where(like(products.slug, "eden-2-seater-karoo-%"));
    expect(copy).toBeDefined();
    const [category] = await db.select().from(categories).where(eq(categories.id, copy!.categoryId));
    const page = await listProducts(db, {
      category: category!.slug,
      sort: "newest",
      fabrics: [],
      page: 1,
      perPage: 1_000,
    });
    expect(page.items.map((p) => p.slug)).toContain(copy!.slug);
    const indexed = await db
      .select({ id: productSearch.productId })
      .from(productSearch)
      .where(and(inArray(productSearch.productId, [copy!.id]), eq(productSearch.published, true)));
    expect(indexed).toHaveLength(1);
  });
});
