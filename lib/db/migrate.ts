import path from "node:path";
import type { PoolClient } from "pg";
import type { Db } from "@/lib/db/db-type";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

/** The advisory lock key migrations hold on PostgreSQL ("kaya" in ASCII, the app's alone). */
export const MIGRATION_LOCK_KEY = 0x6b617961;

/**
 * Applies the migrations in drizzle/ that the database lacks. On PostgreSQL they run on one
 * connection holding a session advisory lock, so two releases (or two starting processes) at
 * once take turns: the second finds the work done and applies nothing.
 */
export async function migrateDb(db: Db, engine: "pglite" | "postgres"): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (engine === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(db as never, config);
    return;
  }
  const [{ migrate }, { drizzle }] = await Promise.all([
    import("drizzle-orm/node-postgres/migrator"),
    import("drizzle-orm/node-postgres"),
  ]);
  const pool = (db as unknown as { $client: { connect(): Promise<PoolClient> } }).$client;
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), config);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {
        broken = true;
      });
    }
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    // A connection that failed mid-migration may still hold the lock: it is closed, not reused.
    client.release(broken);
  }
}

/** Whether a server applies the migrations itself when it starts: by default on the embedded database only. */
export function migratesOnStart(setting: boolean | undefined, engine: "pglite" | "postgres"): boolean {
  return setting ?? engine === "pglite";
}
