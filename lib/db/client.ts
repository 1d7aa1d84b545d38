import fs from "node:fs";
import path from "node:path";
import * as schema from "@/lib/db/schema";
import { acquireFolderLock } from "@/lib/db/lock";
import { migrateDb, migratesOnStart } from "@/lib/db/migrate";
import { log } from "@/lib/observability/log";
import { serverEnv } from "@/lib/config/env";
import { duringBuild } from "@/lib/config/build";
import type { Db } from "@/lib/db/db-type";

export type { Db };

type Handle = { db: Db; close: () => Promise<void>; engine: "pglite" | "postgres" };

/** Next bundles route handlers and pages apart, so one process must share one handle. */
const KEY = Symbol.for("kaya.db");
type Global = typeof globalThis & { [KEY]?: Promise<Handle> };

export class DatabaseDuringBuildError extends Error {
  constructor() {
    super(
      "The database was opened during `next build`. Pages that read the catalogue must render " +
        "at request time (their data is cached then), so build workers never open the embedded folder.",
    );
    this.name = "DatabaseDuringBuildError";
  }
}

export function databaseUrl(): string | undefined {
  return serverEnv().DATABASE_URL;
}

export function getDb(): Promise<Db> {
  return getHandle().then((h) => h.db);
}

export function getHandle(): Promise<Handle> {
  const g = globalThis as Global;
  if (!g[KEY]) {
    if (duringBuild()) throw new DatabaseDuringBuildError();
    g[KEY] = open().catch((err) => {
      delete g[KEY];
      throw err;
    });
  }
  return g[KEY];
}

/** Closes the shared handle (tests, scripts). */
export async function closeDb(): Promise<void> {
  const g = globalThis as Global;
  const pending = g[KEY];
  delete g[KEY];
  if (pending) await (await pending).close();
}

async function open(): Promise<Handle> {
  const { DATABASE_URL: url, PGLITE_DIR } = serverEnv();
  if (url && url !== "memory://") return openPostgres(url);
  return openPglite(url === "memory://" ? null : PGLITE_DIR);
}

async function openPostgres(url: string): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ connectionString: url, max: serverEnv().DATABASE_POOL_MAX });
  // An idle connection that dies (server restart, or a test dropping its database just after
  // pool.end(), which resolves before the sockets close) must not crash the process.
  pool.on("error", (err) => {
    if (!pool.ending) log.error("db", "idle PostgreSQL connection failed", err);
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  return { db, engine: "postgres", close: () => pool.end() };
}

async function openPglite(folder: string | null): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  // Search ranks by trigram similarity; PostgreSQL ships pg_trgm, PGlite as an extension to load.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  let release = () => {};
  if (folder) {
    release = acquireFolderLock(folder);
    fs.mkdirSync(path.dirname(path.resolve(folder)), { recursive: true });
  }
  try {
    const options = { extensions: { pg_trgm } };
    const client = folder ? await PGlite.create(path.resolve(folder), options) : await PGlite.create(options);
    const db = drizzle(client, { schema }) as unknown as Db;
    const handle: Handle = {
      db,
      engine: "pglite",
      close: async () => {
        await client.close();
        release();
      },
    };
    // The embedded database keeps its schema current itself (unless MIGRATE_ON_START=0); demo
    // data is the server's start-up's business (lib/db/startup.ts), or a script's.
    if (migratesOnStart(serverEnv().MIGRATE_ON_START, "pglite")) await migrateDb(db, "pglite");
    return handle;
  } catch (err) {
    release();
    throw err;
  }
}
