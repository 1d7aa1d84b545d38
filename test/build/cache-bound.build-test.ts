import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "redis";
import { childEnv } from "@/lib/config/set-env";
import { seedFabrics as FABRICS } from "@/lib/catalog/seed-fabrics";
import { seedCategories, seedProducts } from "@/lib/catalog/seed-data";
import { PER_PAGE } from "@/lib/catalog/search-params";
import { SORT_OPTIONS } from "@/lib/catalog/types";
import { INFO_PAGES } from "@/lib/content/info-pages";

/**
 * The production server (server.mjs on the build in .next: `npm run build` first; `npm run
 * test:build` runs this file) on an embedded database of its own, sharing a logical database of
 * the machine's Redis: thousands of addresses a visitor can make up (category views with any min,
 * max and page, information pages under any leading slug, unknown query keys) leave the page cache
 * as the catalogue bounds it, Redis as its bounds say, and the process's memory near where it was.
 * Then, with a small disk budget, every view the catalogue has keeps the pages on disk under it.
 */
const REDIS_URL = "redis://127.0.0.1:6379/12";
const RUNTIME_PAGES = path.resolve(".next", "server", "route-cache");
const MB = 1024 * 1024;
/** Growth of the server's resident memory allowed over the addresses: far below a page per address. */
const RSS_GROWTH_MB = 200;

type Shop = { child: ChildProcess; url: string; lines: string[] };
const shops: Shop[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-cache-bound-"));

async function startShop(extra: Record<string, string> = {}): Promise<Shop> {
  const env = childEnv({
    NODE_OPTIONS: undefined,
    NODE_ENV: "production",
    DATABASE_URL: undefined,
    PGLITE_DIR: path.join(work, "pglite"),
    TEST_POSTGRES_URL: undefined,
    KAYA_ALLOW_DEV_SECRET: "1",
    PAYMENTS_ALLOW_STANDINS: "1",
    SITE_PASSWORD: undefined,
    KAYA_ORDER_EXPIRY_JOB: "0",
    REDIS_URL,
    ...extra,
  });
  const child = spawn(process.execPath, [path.resolve("server.mjs"), "-p", "0", "-H", "127.0.0.1"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const take = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        lines.push(line);
        if (line.includes("is listening on")) resolve((JSON.parse(line) as { url: string }).url);
      }
    };
    child.stdout!.on("data", take);
    child.stderr!.on("data", take);
    child.once("exit", (code) => reject(new Error(`server.mjs exited (${code}):\n${lines.join("\n")}`)));
  });
  const shop = { child, url, lines };
  shops.push(shop);
  return shop;
}

async function stopShop(shop: Shop): Promise<void> {
  if (shop.child.exitCode !== null) return;
  const exited = new Promise((resolve) => shop.child.once("exit", resolve));
  shop.child.kill("SIGTERM");
  await exited;
}

function rssMb(shop: Shop): number {
  const status = fs.readFileSync(`/proc/${shop.child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

function runtimePages(): { entries: number; bytes: number; largest: number } {
  const out = { entries: 0, bytes: 0, largest: 0 };
  if (!fs.existsSync(RUNTIME_PAGES)) return out;
  const sizes = new Map<string, number>();
  for (const e of fs.readdirSync(RUNTIME_PAGES, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const size = fs.statSync(path.join(e.parentPath, e.name)).size;
    out.bytes += size;
    if (e.name.endsWith(".meta")) out.entries++;
    const entry = path.join(e.parentPath, e.name).replace(/(\.segments\/.*|\.[a-z]+)$/, "");
    sizes.set(entry, (sizes.get(entry) ?? 0) + size);
  }
  out.largest = Math.max(0, ...sizes.values());
  return out;
}

/** Asks for every address, four at a time, and counts the statuses. */
async function ask(base: string, paths: string[]): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < paths.length) {
        const res = await fetch(base + paths[next++]!, { redirect: "manual", headers: { accept: "text/html" } });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

/** Every view of the catalogue the page cache keeps, and a hundred price ranges it does not. */
function catalogueViews(categories: string[]): string[] {
  const paths: string[] = [];
  for (const c of categories)
    for (const { value: sort } of SORT_OPTIONS)
      for (const fabric of [undefined, ...FABRICS.map((f) => f.slug)])
        paths.push(`/product-category/${c}?sort=${sort}${fabric ? `&fabric=${fabric}` : ""}`);
  for (let i = 0; i < 100; i++) paths.push(`/product-category/${categories[i % categories.length]}?min=${i * 100}`);
  return paths;
}

const redis = createClient({ url: REDIS_URL });

beforeAll(async () => {
  await redis.connect();
  await redis.flushDb();
});

afterAll(async () => {
  for (const shop of shops) if (shop.child.exitCode === null) shop.child.kill("SIGKILL");
  await redis.flushDb();
  await redis.quit();
  fs.rmSync(work, { recursive: true, force: true });
});

test("thousands of made-up addresses leave the page cache as the catalogue bounds it, Redis and memory bounded", async () => {
  const shop = await startShop();
  try {
    const categories = seedCategories.map((c) => c.slug);
    // Every view the catalogue has, and a hundred price ranges, twice: what follows can only add what
    // it makes up, and the process has served pages of every kind before its memory is measured.
    const catalogue = catalogueViews(categories);
    for (let round = 0; round < 2; round++) await ask(shop.url, ["/", "/info/faqs", ...catalogue]);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = { ...runtimePages(), rss: rssMb(shop) };

    const paths: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const c = categories[i % categories.length]!;
      const fabric = FABRICS[i % FABRICS.length]!.slug;
      const sort = SORT_OPTIONS[i % SORT_OPTIONS.length]!.value;
      paths.push(
        [
          `/product-category/${c}?min=${1000 + i}`,
          `/product-category/${c}?max=${50_000 + i}&sort=${sort}`,
          `/product-category/${c}?page=${2 + i}`,
          `/x${i}/${INFO_PAGES[i % INFO_PAGES.length]!.slug}`,
          `/product-category/${c}?utm_x${i}=1&sort=${sort}&fabric=${fabric}`,
          `/product-category/${c}?fabric=${fabric}&page=${i}&gclid=${i}`,
        ][i % 6]!,
      );
    }
    const statuses = await ask(shop.url, paths);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = { ...runtimePages(), rss: rssMb(shop) };
    const useCacheKeys = (await redis.keys("kaya:use-cache:*")).length;

    // A category's views are its sorts, each with no fabric or one, on each of its pages; the nine
    // information pages have one address each.
    const pagesOf = (c: string) =>
      Math.max(1, Math.ceil(seedProducts.filter((p) => p.category === c).length / PER_PAGE));
    const bound =
      categories.reduce((sum, c) => sum + SORT_OPTIONS.length * (1 + FABRICS.length) * pagesOf(c), 0) +
      INFO_PAGES.length;
    const summary = {
      statuses,
      entries: `${before.entries} → ${after.entries} (at most ${bound} more)`,
      disk: `${(before.bytes / MB).toFixed(1)} → ${(after.bytes / MB).toFixed(1)} MB`,
      rss: `${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MB`,
      useCacheKeys,
    };
    console.log(JSON.stringify(summary));
    expect(Object.keys(statuses).filter((s) => Number(s) >= 500)).toEqual([]);
    expect(after.entries - before.entries).toBeLessThanOrEqual(bound);
    expect(after.rss - before.rss).toBeLessThan(RSS_GROWTH_MB);
    // "use cache" entries too: only the kept views' data is cached, so the count follows the catalogue.
    expect(useCacheKeys).toBeLessThanOrEqual(bound + 100);
  } finally {
    await stopShop(shop);
  }
}, 600_000);

test("with a small disk budget, every view the catalogue has keeps the pages on disk under it; Redis under its count", async () => {
  const budgetMb = 16;
  const shop = await startShop({ CACHE_DISK_MB: String(budgetMb), CACHE_REDIS_MAX_ENTRIES: "100" });
  try {
    const statuses = await ask(shop.url, catalogueViews(seedCategories.map((c) => c.slug)));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = runtimePages();
    const useCacheKeys = (await redis.keys("kaya:use-cache:*")).length;
    console.log(JSON.stringify({ statuses, entries: after.entries, disk: after.bytes / MB, useCacheKeys }));
    expect(Object.keys(statuses).filter((s) => Number(s) >= 500)).toEqual([]);
    // The newest entry is kept even when it alone would not fit; nothing else past the budget.
    expect(after.bytes).toBeLessThanOrEqual(budgetMb * MB + after.largest);
    expect(useCacheKeys).toBeLessThanOrEqual(100);
  } finally {
    await stopShop(shop);
  }
}, 600_000);
