import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { closeDb, DatabaseDuringBuildError, getDb, getHandle } from "@/lib/db/client";
import { categories, products } from "@/lib/db/schema";
import { seedEmbeddedDatabase } from "@/lib/db/startup";
import { childEnv, setEnv } from "@/lib/config/set-env";

/**
 * The embedded database as the shop runs it: a PGlite folder, migrated on every open, filled
 * with the demo catalogue when a server starts on it empty, and held by one process only.
 */
describe("embedded database", () => {
  let restore = () => {};
  let dir: string;
  let folder: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-db-"));
    folder = path.join(dir, "pglite");
    restore = setEnv({ DATABASE_URL: undefined, KAYA_SKIP_SEED: undefined, PGLITE_DIR: folder });
    await closeDb();
  });

  afterAll(async () => {
    await closeDb();
    restore();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("opening a fresh folder creates and migrates it, and writes no demo data", async () => {
    const db = await getDb();
    expect((await getHandle()).engine).toBe("pglite");
    expect(await db.select().from(categories)).toEqual([]);
    expect(await db.select().from(products)).toEqual([]);
  });

  test("a server starting with KAYA_SKIP_SEED=1 leaves the new database empty", async () => {
    const undo = setEnv({ KAYA_SKIP_SEED: "1" });
    try {
      await seedEmbeddedDatabase();
    } finally {
      undo();
    }
    expect(await (await getDb()).select().from(categories)).toEqual([]);
  });

  test("a server starting on an empty embedded database fills it with the demo catalogue, once", async () => {
    await seedEmbeddedDatabase();
    const db = await getDb();
    expect((await db.select().from(categories)).length).toBe(4);
    const seeded = (await db.select().from(products)).length;
    expect(seeded).toBeGreaterThanOrEqual(24);
    await db.update(products).set({ stock: 3 }).where(eq(products.slug, "pebble-ottoman"));
    await seedEmbeddedDatabase();
    expect((await db.select().from(products)).length).toBe(seeded);
    const [pebble] = await db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.slug, "pebble-ottoman"));
    expect(pebble?.stock).toBe(3);
  });

  test("a seed command run while the shop holds the folder refuses, naming the holder", () => {
    const result = spawnSync(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/db-seed.ts"],
      {
        env: childEnv(),
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`in use by process ${process.pid}`);
    expect(result.stderr).toContain(path.resolve(folder));
  });

  test("what the shop wrote is still there after closing and reopening", async () => {
    const db = await getDb();
    await db.update(products).set({ stock: 7 }).where(eq(products.slug, "pebble-ottoman"));
    await closeDb();
    const again = await getDb();
    const [row] = await again
      .select({ stock: products.stock, slug: products.slug })
      .from(products)
      .where(eq(products.slug, "pebble-ottoman"));
    expect(row?.stock).toBe(7);
  });

  test("`next build` never opens the database", async () => {
    await closeDb();
    const during = setEnv({ NEXT_PHASE: "phase-production-build" });
    try {
      expect(() => getHandle()).toThrow(DatabaseDuringBuildError);
    } finally {
      during();
    }
  });
});
