/**
 * The bench's database (DATABASE_URL, or the embedded one in PGLITE_DIR): migrated, the demo
 * catalogue written, and every product and variation given stock enough for a load test's orders.
 * The bench makes a fresh database for it; one that already holds products or orders is refused,
 * as `npm run db:seed` refuses it, so a stray DATABASE_URL never has its stock rewritten.
 */
import { closeDb, getHandle } from "@/lib/db/client";
import { migrateDb } from "@/lib/db/migrate";
import { seedOnRequest } from "@/lib/catalog/seed";
import { products, variations } from "@/lib/db/schema";

async function main() {
  const { db, engine } = await getHandle();
  await migrateDb(db, engine);
  const outcome = await seedOnRequest(db, { resetDemo: false, yesInProduction: false, production: false });
  if (outcome.action === "refuse") throw new Error(`The bench wants a fresh database. ${outcome.reason}`);
  await db.update(products).set({ stock: 1_000_000 });
  await db.update(variations).set({ stock: 1_000_000 });
  console.log(`Bench database ready (${engine}).`);
  await closeDb();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
