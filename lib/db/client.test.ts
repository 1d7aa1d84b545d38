import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { closeDb, DatabaseDuringBuildError, getDb, getHandle } from "@/lib/db/client";
import { categories, products } from "@/lib/db/schema";
import { childEnv, setEnv } from "@/lib/config/set-env";

/**
 * The embedded database as the shop runs it: a PGlite folder, migrated and seeded on first
 * open, and held by one process only.
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

  test("a fresh folder is created, migrated and seeded on first open", async () => {
    const db = await getDb();
    expect((await db.select().from(categories)).length).toBe(4);
    expect((await db.select().from(products)).length).toBeGreaterThanOrEqual(24);
    expect((await getHandle()).engine).toBe("pglite");
  });

  test("a seed command run while the shop holds the folder refuses, naming the holder", () => {
    const result = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/db-seed.ts"], {
      env: childEnv(),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`in use by process ${process.pid}`);
    expect(result.stderr).toContain(path.resolve(folder));
  });

  test("what the shop wrote is still there after closing and reopening", async () => {
    const db = await getDb();
    await db.update(products).set({ stock: 7 }).where(eq(products.slug, "pebble-ottoman"));
    await closeDb();
    const again = await getDb();
    const [row] = await again.select({ stock: products.stock, slug: products.slug }).from(products).where(eq(products.slug, "pebble-ottoman"));
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
