import fs from "node:fs";
import { getDb, getHandle } from "@/lib/db/client";
import { migrateDb, migratesOnStart } from "@/lib/db/migrate";
import { serverEnv } from "@/lib/config/env";
import { acquireFolderLock, DatabaseLockedError } from "@/lib/db/lock";
import { seedIfEmpty } from "@/lib/catalog/seed";
import { log } from "@/lib/observability/log";

/**
 * A server's first act on the embedded database (instrumentation.ts): take its folder for the
 * life of the process, or stop before serving when another live process holds it. Opening the
 * database lazily would let a second server say it is ready and then fail every call that reads
 * or writes. PostgreSQL and memory:// need no lock.
 */
export function holdEmbeddedDatabase(exit: (code: number) => void = (code) => process.exit(code)): void {
  const { DATABASE_URL, PGLITE_DIR } = serverEnv();
  if (DATABASE_URL) return;
  try {
    acquireFolderLock(PGLITE_DIR);
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    log.error("db", err.message);
    exit(1);
    throw err;
  }
}

/**
 * The embedded default is a demo on a fresh machine: a server that starts on it while it is empty
 * (no products, no orders: seedIfEmpty) fills it with the demo catalogue before serving. A server
 * never seeds PostgreSQL, which is how a real shop runs: `npm run db:seed` fills it by hand, and
 * refuses a database that already holds a shop (planSeed).
 * Whichever database it is, the server says in one line what this start did to it, which
 * `npm run shop` shows (scripts/shop.mjs): it tells someone trying the shop where its data came
 * from. The line never holds DATABASE_URL, which may carry a password.
 */
export async function seedEmbeddedDatabase(): Promise<void> {
  const { DATABASE_URL, KAYA_SKIP_SEED, PGLITE_DIR } = serverEnv();
  if (DATABASE_URL) {
    log.info(
      "db",
      DATABASE_URL === "memory://"
        ? "using a throwaway in-memory database (DATABASE_URL=memory://)"
        : "using the PostgreSQL database at DATABASE_URL (npm run db:seed fills it with the demo catalogue)",
    );
    return;
  }
  if (KAYA_SKIP_SEED) {
    log.info("db", `using the embedded database in ${PGLITE_DIR} as it is (KAYA_SKIP_SEED=1)`);
    return;
  }
  const created = !fs.existsSync(PGLITE_DIR) || fs.readdirSync(PGLITE_DIR).length === 0;
  const seeded = await seedIfEmpty(await getDb());
  log.info(
    "db",
    !seeded
      ? `opened the embedded database in ${PGLITE_DIR} as the last start left it`
      : created
        ? `created the embedded database in ${PGLITE_DIR} and filled it with the demo catalogue`
        : `filled the empty embedded database in ${PGLITE_DIR} with the demo catalogue`,
  );
}

/**
 * With MIGRATE_ON_START=1 a server on PostgreSQL applies the migrations before it serves (under
 * the migration lock, so several starting at once are safe); by default that is the release
 * step's work (`npm run db:migrate`). The embedded database migrates when it opens.
 */
export async function migratePostgresOnStart(): Promise<void> {
  const { DATABASE_URL, MIGRATE_ON_START } = serverEnv();
  if (!DATABASE_URL || DATABASE_URL === "memory://" || !migratesOnStart(MIGRATE_ON_START, "postgres")) return;
  const { db } = await getHandle();
  await migrateDb(db, "postgres");
  log.info("db", "migrations applied at start (MIGRATE_ON_START=1)");
}
