/** `npm run db:seed`: writes (or resets) the demo catalogue in the configured database. */
import { closeDb, getHandle } from "@/lib/db/client";
import { migrateDb } from "@/lib/db/migrate";
import { seedDatabase } from "@/lib/catalog/seed";
import { setEnv } from "@/lib/config/set-env";

async function main() {
  setEnv({ KAYA_SKIP_SEED: "1" });
  const { db, engine } = await getHandle();
  await migrateDb(db, engine);
  const result = await seedDatabase(db);
  console.log(`Seeded ${result.products} products and ${result.variations} variations (${engine}).`);
  await closeDb();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
