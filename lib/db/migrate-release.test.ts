import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { serverEnv } from "@/lib/config/env";
import { childEnv } from "@/lib/config/set-env";
import { MIGRATIONS_FOLDER } from "@/lib/db/migrate";

/**
 * `npm run db:migrate` is the release step on PostgreSQL: two machines may run it at once on a
 * fresh database, and running it again changes nothing.
 */
const base = serverEnv().TEST_POSTGRES_URL;
const onPostgres = base ? describe : describe.skip;

async function admin<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function migrate(url: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("scripts/db-migrate.ts")], {
    env: childEnv({ DATABASE_URL: url, TEST_POSTGRES_URL: undefined, NODE_OPTIONS: undefined }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

onPostgres("npm run db:migrate on PostgreSQL", () => {
  const name = `kaya_release_${Date.now()}_${randomBytes(4).toString("hex")}`;
  let url = "";
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };

  beforeAll(async () => {
    await admin(base!, (c) => c.query(`create database ${name}`));
    const u = new URL(base!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    await admin(base!, (c) => c.query(`drop database if exists ${name} with (force)`));
  });

  const applied = () =>
    admin(url, async (c) => {
      const { rows } = await c.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations order by id");
      return rows.map((r) => r.hash);
    });

  test("two runs at once on a fresh database both succeed and apply each migration once", async () => {
    // Starting a process takes seconds and migrating milliseconds, so two runs would rarely meet
    // by chance: the bookkeeping table is held until both runs are waiting, then let go at once.
    const gate = new Client({ connectionString: url });
    await gate.connect();
    let runs: Awaited<ReturnType<typeof migrate>>[];
    try {
      await gate.query("create schema drizzle");
      await gate.query(
        "create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
      );
      await gate.query("begin");
      await gate.query("lock table drizzle.__drizzle_migrations in access exclusive mode");
      const both = Promise.all([migrate(url), migrate(url)]);
      const deadline = Date.now() + 60_000;
      for (;;) {
        // Inside a transaction the activity view is read once unless its snapshot is dropped.
        await gate.query("select pg_stat_clear_snapshot()");
        const { rows } = await gate.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
          [name],
        );
        if (rows[0]!.n >= 2) break;
        if (Date.now() > deadline) throw new Error("the two runs never both waited");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await gate.query("commit");
      runs = await both;
    } finally {
      await gate.end();
    }
    for (const run of runs)
      expect(run).toEqual({ code: 0, output: expect.stringContaining("Migrations applied (postgres)") });
    const hashes = await applied();
    expect(hashes).toHaveLength(journal.entries.length);
    expect(new Set(hashes).size).toBe(hashes.length);
    const tables = await admin(url, (c) =>
      c.query("select count(*)::int as n from information_schema.tables where table_schema = 'public'"),
    );
    expect(tables.rows[0].n).toBeGreaterThan(5);
  }, 120_000);

  test("running it again applies nothing and succeeds", async () => {
    const before = await applied();
    expect(await migrate(url)).toEqual({ code: 0, output: expect.stringContaining("Migrations applied (postgres)") });
    expect(await applied()).toEqual(before);
  }, 120_000);
});
