/**
 * `npm run bench:search`: how long a search takes, p50 and p99, in the process (no HTTP), on the
 * demo catalogue and on 10 000 generated products, on the embedded database (PGlite in memory) and
 * on a fresh PostgreSQL database (dropped afterwards). Prints a Markdown table for
 * docs/performance.md.
 *
 *   --postgres <url>   the server to make the database on (default postgres://postgres@127.0.0.1:5432/postgres)
 *   --no-postgres      the embedded database only
 *   --runs <n>         timed runs per search and kind (default 40)
 *   --products <n>     how many products to generate (default 10 000)
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { closeDb, getHandle, type Db } from "@/lib/db/client";
import { migrateDb } from "@/lib/db/migrate";
import { seedDatabase } from "@/lib/catalog/seed";
import { categories, products, variations } from "@/lib/db/schema";
import { seedFabrics as FABRICS } from "@/lib/catalog/seed-fabrics";
import { setEnv } from "@/lib/config/set-env";
import { searchProducts, suggest } from "@/lib/search/search";

const QUERIES = [
  "slepper cuch",
  "otoman",
  "queen bed",
  "grey 3 seater",
  "couch",
  "charcoal",
  "velvet sleeper",
  "sle",
  "kalahari",
  "zzqx",
];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const RUNS = Number(arg("--runs") ?? 40);
const PG_URL = arg("--postgres") ?? "postgres://postgres@127.0.0.1:5432/postgres";
const WITH_PG = !process.argv.includes("--no-postgres");
const GENERATED = Number(arg("--products") ?? 10_000);

const PLACES = [
  "Karoo",
  "Kloof",
  "Knysna",
  "Tugela",
  "Soutpansberg",
  "Waterberg",
  "Hermanus",
  "Sutherland",
  "Swellendam",
  "Tsitsikamma",
  "Augrabies",
  "Mapungubwe",
  "Golden Gate",
  "Addo",
  "Kosi Bay",
  "Wilderness",
  "Nieu-Bethesda",
  "Graaff-Reinet",
];
const KINDS: Array<{ category: string; words: string[]; sizes?: string[] }> = [
  {
    category: "couches",
    words: ["Couch", "Sofa", "Corner Couch", "3 Seater", "2 Seater"],
    sizes: ["2 Seater", "3 Seater", "4 Seater"],
  },
  { category: "sleeper-couches", words: ["Sleeper", "Sleeper Couch"], sizes: ["2 Seater", "3 Seater"] },
  { category: "ottomans", words: ["Ottoman", "Storage Ottoman", "Ottoman Bench", "Cube Ottoman"] },
  {
    category: "bed-frames",
    words: ["Bed Frame", "Wingback Bed", "Channel Bed", "Buttoned Bed"],
    sizes: ["Double", "Queen", "King"],
  },
];
const STYLES = ["Classic", "Modern", "Deep", "Low", "Curved", "Slim", "Grand", "Petite", "Linear", "Round"];

/** Ten thousand more products like the demo's: published, priced, in fabrics and sizes, some with variations. */
async function generate(db: Db, count: number): Promise<void> {
  const cats = new Map(
    (await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [c.slug, c.id]),
  );
  let n = 0;
  const rnd = (k: number) => Math.floor(Math.random() * k);
  while (n < count) {
    const batch = [];
    for (let i = 0; i < 500 && n < count; i++, n++) {
      const kind = KINDS[n % KINDS.length]!;
      const name = `${STYLES[rnd(STYLES.length)]} ${PLACES[rnd(PLACES.length)]} ${kind.words[rnd(kind.words.length)]}`;
      const fabrics = [...new Set([0, 1, 2].map(() => FABRICS[rnd(FABRICS.length)]!.name))];
      const attributes = [{ name: "Fabric", options: fabrics }];
      if (kind.sizes) attributes.push({ name: "Size", options: kind.sizes.slice(0, 1 + rnd(kind.sizes.length)) });
      batch.push({
        slug: `bench-${n}-${randomBytes(3).toString("hex")}`,
        name,
        categoryId: cats.get(kind.category)!,
        dimensions: { width: 200, depth: 90, height: 80 },
        attributes,
        regularPriceCents: (3000 + rnd(20000)) * 100,
        stock: rnd(10),
        published: n % 20 !== 0,
      });
    }
    const rows = await db
      .insert(products)
      .values(batch)
      .returning({ id: products.id, attributes: products.attributes });
    const vs = rows
      .filter((_, i) => i % 3 === 0)
      .flatMap((r) =>
        r.attributes[0]!.options.map((fabric, j) => ({
          productId: r.id,
          sku: `BENCH-${r.id}-${j}`,
          attributes: { Fabric: fabric },
          attributesKey: `Fabric=${fabric}`,
          regularPriceCents: (3000 + rnd(20000)) * 100,
          stock: rnd(10),
          sortOrder: j,
        })),
      );
    if (vs.length) await db.insert(variations).values(vs);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(fn: () => Promise<unknown>, runs: number): Promise<{ p50: number; p99: number; max: number }> {
  for (let i = 0; i < 20; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), max: samples.at(-1)! };
}

type Row = { engine: string; catalogue: string; kind: string; p50: number; p99: number; max: number };

async function measure(db: Db, engine: string, catalogue: string): Promise<Row[]> {
  const rows: Row[] = [];
  const state = { sort: "featured" as const, fabrics: [], page: 1, perPage: 12 };
  for (const [kind, run] of [
    ["results page (`/search`)", (q: string) => searchProducts(db, q, state)],
    ["suggestions (`/api/search`)", (q: string) => suggest(db, q)],
  ] as const) {
    // Every query in turn, RUNS times over: the percentiles are over all of them together.
    let i = 0;
    const t = await time(() => run(QUERIES[i++ % QUERIES.length]!), RUNS * QUERIES.length);
    rows.push({ engine, catalogue, kind, ...t });
  }
  return rows;
}

async function onEngine(engine: "pglite" | "postgres"): Promise<Row[]> {
  let dbName: string | null = null;
  let restore: () => void;
  if (engine === "postgres") {
    dbName = `kaya_bench_search_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    restore = setEnv({ DATABASE_URL: url.toString() });
  } else {
    restore = setEnv({ DATABASE_URL: "memory://" });
  }
  try {
    const { db } = await getHandle();
    if (engine === "postgres") await migrateDb(db, "postgres");
    await seedDatabase(db);
    const rows = await measure(db, engine, "demo (30 products)");
    const t = performance.now();
    await generate(db, GENERATED);
    console.error(
      `${engine}: ${GENERATED} products written and indexed in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    if (engine === "postgres") await db.execute("analyze");
    rows.push(...(await measure(db, engine, `${GENERATED.toLocaleString("en-ZA")} generated`)));
    return rows;
  } finally {
    await closeDb();
    restore();
    if (dbName) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

async function main() {
  const rows = [...(await onEngine("pglite")), ...(WITH_PG ? await onEngine("postgres") : [])];
  const ms = (n: number) => n.toFixed(1);
  const out: string[] = [];
  const print = (line: string) => out.push(line);
  print(
    `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${RUNS} runs of each of ${QUERIES.length} searches`,
  );
  print("");
  print("| Engine | Catalogue | Call | p50 (ms) | p99 (ms) | max (ms) |");
  console.log("|---|---|---|--:|--:|--:|");
  for (const r of rows)
    console.log(`| ${r.engine} | ${r.catalogue} | ${r.kind} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} |`);
  process.stdout.write(`${out.join("\n")}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
