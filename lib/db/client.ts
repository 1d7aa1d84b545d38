import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "@/lib/db/schema";
import { acquireFolderLock } from "@/lib/db/lock";
import { migrateDb } from "@/lib/db/migrate";
import { log } from "@/lib/observability/log";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type Handle = { db: Db; close: () => Promise<void>; engine: "pglite" | "postgres" };

/** Next bundles route handlers and pages apart, so one process must share one handle. */
const KEY = Symbol.for("kaya.db");
type Global = typeof globalThis & { [KEY]?: Promise<Handle> };

export const DEFAULT_DATA_DIR = ".data/pglite";

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
  const url = process.env.DATABASE_URL?.trim();
  return url ? url : undefined;
}

export function getDb(): Promise<Db> {
  return getHandle().then((h) => h.db);
}

export function getHandle(): Promise<Handle> {
  const g = globalThis as Global;
  if (!g[KEY]) {
    if (process.env.NEXT_PHASE === "phase-production-build") throw new DatabaseDuringBuildError();
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
  const url = databaseUrl();
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  if (url && url !== "memory://") throw new Error(`DATABASE_URL must be postgres://… or memory://, not ${url}`);
  return openPglite(url === "memory://" ? null : (process.env.PGLITE_DIR ?? DEFAULT_DATA_DIR));
}

async function openPostgres(url: string): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
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
  const { drizzle } = await import("drizzle-orm/pglite");
  let release = () => {};
  if (folder) {
    release = acquireFolderLock(folder);
    fs.mkdirSync(path.dirname(path.resolve(folder)), { recursive: true });
  }
  try {
    const client = folder ? await PGlite.create(path.resolve(folder)) : await PGlite.create();
    const db = drizzle(client, { schema }) as unknown as Db;
    const handle: Handle = {
      db,
      engine: "pglite",
      close: async () => {
        await client.close();
        release();
      },
    };
    // The embedded database keeps its schema current itself; demo data is the server's start-up's
    // business (lib/db/startup.ts), or a script's.
    await migrateDb(db, "pglite");
    return handle;
  } catch (err) {
    release();
    throw err;
  }
}
