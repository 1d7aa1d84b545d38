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
 * fills it with the demo catalogue before serving. PostgreSQL is seeded by `npm run db:seed`.
 */
export async function seedEmbeddedDatabase(): Promise<void> {
  const { DATABASE_URL, KAYA_SKIP_SEED } = serverEnv();
  if (DATABASE_URL || KAYA_SKIP_SEED) return;
  await seedIfEmpty(await getDb());
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
