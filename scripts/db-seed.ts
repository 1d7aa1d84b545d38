/** `npm run db:seed`: writes (or resets) the demo catalogue in the configured database. */
import { closeDb, getHandle } from "@/lib/db/client";
import { migrateDb } from "@/lib/db/migrate";
import { seedDatabase } from "@/lib/catalog/seed";
import { notifyRestocked } from "@/lib/restock/restock";

async function main() {
  const { db, engine } = await getHandle();
  await migrateDb(db, engine);
  const result = await seedDatabase(db);
  // Stock the reset brings back tells the shoppers waiting for it, once each.
  const told = await notifyRestocked(db);
  console.log(
    `Seeded ${result.products} products and ${result.variations} variations (${engine}); ${told} back-in-stock e-mails.`,
  );
  await closeDb();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
