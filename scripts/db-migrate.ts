/** `npm run db:migrate`: applies the committed SQL migrations in drizzle/ to the configured database. */
import { closeDb, getHandle } from "@/lib/db/client";
import { migrateDb } from "@/lib/db/migrate";
import { setEnv } from "@/lib/config/set-env";

async function main() {
  setEnv({ KAYA_SKIP_SEED: "1" });
  const { db, engine } = await getHandle();
  await migrateDb(db, engine);
  console.log(`Migrations applied (${engine}).`);
  await closeDb();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
