import path from "node:path";
import type { Db } from "@/lib/db/client";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

export async function migrateDb(db: Db, engine: "pglite" | "postgres"): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (engine === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(db as never, config);
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(db as never, config);
  }
}
