/**
 * The bench's database (DATABASE_URL, or the embedded one in PGLITE_DIR): migrated, the demo
 * catalogue written, and every product and variation given stock enough for a load test's orders.
 */
import { closeDb, getHandle } from "@/lib/db/client";
import { migrateDb } from "@/lib/db/migrate";
import { seedDatabase } from "@/lib/catalog/seed";
import { products, variations } from "@/lib/db/schema";

async function main() {
  const { db, engine } = await getHandle();
  await migrateDb(db, engine);
  await seedDatabase(db);
  await db.update(products).set({ stock: 1_000_000 });
  await db.update(variations).set({ stock: 1_000_000 });
  console.log(`Bench database ready (${engine}).`);
  await closeDb();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
