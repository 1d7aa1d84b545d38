/**
 * The bench's database (DATABASE_URL, or the embedded one in PGLITE_DIR): migrated, the demo
 * catalogue written, and every product and variation given stock enough for a load test's orders.
 * The bench makes a fresh database for it; one that already holds products or orders is refused,
 * as `npm run db:seed` refuses it, so a stray DATABASE_URL never has its stock rewritten.
 * With BENCH_PRODUCTS=500 it then imports that many more products as a WooCommerce CSV, dry run
 * first, and writes how long each took to BENCH_IMPORT_REPORT (a JSON file).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { closeDb, getHandle } from "@/lib/db/client";
import { migrateDb } from "@/lib/db/migrate";
import { seedOnRequest } from "@/lib/catalog/seed";
import { products, variations } from "@/lib/db/schema";
import { createAdminAccount } from "@/lib/admin/staff";
import { importLargerCatalogue } from "@/scripts/bench/larger-catalogue";

async function main() {
  const { db, engine } = await getHandle();
  await migrateDb(db, engine);
  const outcome = await seedOnRequest(db, { resetDemo: false, yesInProduction: false, production: false });
  if (outcome.action === "refuse") throw new Error(`The bench wants a fresh database. ${outcome.reason}`);
  const more = Number(process.env.BENCH_PRODUCTS || 0);
  if (more > 0) {
    const staff = await createAdminAccount(db, "bench.import@kaya.test", randomBytes(24).toString("base64url"));
    const done = await importLargerCatalogue(db, more, staff.customer.id);
    console.log(
      `Imported ${more} products (${done.rows} rows, ${Math.round(done.bytes / 1024)} kB): dry run ${Math.round(done.dryRunMs)} ms, import ${Math.round(done.importMs)} ms.`,
    );
    if (process.env.BENCH_IMPORT_REPORT)
      fs.writeFileSync(process.env.BENCH_IMPORT_REPORT, JSON.stringify({ ...done, csv: undefined }));
  }
  await db.update(products).set({ stock: 1_000_000 });
  await db.update(variations).set({ stock: 1_000_000 });
  console.log(`Bench database ready (${engine}).`);
  await closeDb();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
