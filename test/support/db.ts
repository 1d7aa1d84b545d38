/**
 * A fresh, real database for one test file: PGlite in memory by default, or a new database on
 * the PostgreSQL server named by TEST_POSTGRES_URL (created here, dropped afterwards).
 * Route handlers under test reach it through the same getDb() the shop uses.
 */
import { randomBytes } from "node:crypto";
import { closeDb, getHandle, type Db } from "@/lib/db/client";
import { migrateDb } from "@/lib/db/migrate";
import { seedDatabase } from "@/lib/catalog/seed";
import { serverEnv } from "@/lib/config/env";
import { setEnv } from "@/lib/config/set-env";
import { afterResponseSettled } from "@/lib/api/after-response";

export type TestDb = { db: Db; engine: "pglite" | "postgres" };

export function testEngine(): "pglite" | "postgres" {
  return serverEnv().TEST_POSTGRES_URL ? "postgres" : "pglite";
}

async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * `seededAt` dates the demo catalogue's products, reviews and coupons: a test that compares them
 * with a fixed "now" passes the same instant, so it holds on any day it runs.
 */
export function setupTestDb(opts: { seed?: boolean; seededAt?: Date } = {}): () => TestDb {
  let current: TestDb | null = null;
  let dbName: string | null = null;
  const base = serverEnv().TEST_POSTGRES_URL;
  let restore = () => {};

  beforeAll(async () => {
    await closeDb();
    if (base) {
      dbName = `kaya_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
      await adminQuery(base, `create database ${dbName}`);
      const url = new URL(base);
      url.pathname = `/${dbName}`;
      restore = setEnv({ DATABASE_URL: url.toString() });
    } else {
      restore = setEnv({ DATABASE_URL: "memory://" });
    }
    const handle = await getHandle();
    if (handle.engine === "postgres") await migrateDb(handle.db, "postgres");
    if (opts.seed ?? true) await seedDatabase(handle.db, opts.seededAt);
    current = { db: handle.db, engine: handle.engine };
  });

  afterAll(async () => {
    // E-mails of the file's last calls are delivered before their database goes.
    await afterResponseSettled();
    await closeDb();
    if (base && dbName) await adminQuery(base, `drop database if exists ${dbName} with (force)`);
    restore();
  });

  return () => {
    if (!current) throw new Error("setupTestDb: the database is not ready (use it inside a test)");
    return current;
  };
}
