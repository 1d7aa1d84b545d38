import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createIncrementalCache, RENDER_MARGIN_MS } from "@/lib/cache/incremental-handler.mjs";

/**
 * The pages a running process writes to .next, each as Next writes them (an .html, a .meta and a
 * folder of prefetch segments under server/route-cache), stay under the byte budget: the least
 * recently used go, what an earlier run left counts, and the build's own pages are never touched.
 */
const cacheFs = {
  existsSync: fs.existsSync,
  readFile: (f: string, enc?: BufferEncoding) => fs.promises.readFile(f, enc),
  readFileSync: (f: string, enc?: BufferEncoding) => fs.readFileSync(f, enc),
  writeFile: (f: string, d: string | Buffer) => fs.promises.writeFile(f, d),
  mkdir: (d: string) => fs.promises.mkdir(d, { recursive: true }),
  stat: (f: string) => fs.promises.stat(f),
};

const KB = 1024;
const ctx = { kind: "APP_PAGE", isRoutePPREnabled: true, isFallback: false };
const page = (body: string) => ({
  kind: "APP_PAGE",
  html: `<main>${body}</main>${"x".repeat(40 * KB)}`,
  rscData: undefined,
  headers: {},
  postponed: "{}",
  status: 200,
  segmentData: new Map([["/_tree", Buffer.alloc(10 * KB, 1)]]),
});
/** A page's key as Next makes it for a request at run time. */
const runtimeKey = (pathname: string) => `/route-cache/APP_PAGE/0f0f0f/$${pathname}`;

function bytesUnder(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
}
const metaFiles = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith(".meta"))
    : [];

function cacheIn(distDir: string, maxDiskBytes: number) {
  const Cache = createIncrementalCache({ maxDiskBytes });
  return () =>
    new Cache({
      dev: false,
      fs: cacheFs,
      flushToDisk: true,
      serverDistDir: distDir,
      revalidatedTags: [],
      maxMemoryCacheSize: 0,
    });
}

const dirs: string[] = [];
function distDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-isr-disk-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

test("a thousand distinct pages keep the runtime pages under the budget; the most recent and the recently read stay", async () => {
  const dir = distDir();
  const budget = 600 * KB;
  const handler = cacheIn(dir, budget);
  await handler().set(runtimeKey("/info/faqs"), page("faqs"), ctx);
  for (let i = 0; i < 1000; i++) {
    await handler().set(runtimeKey(`/product-category/couches/page.${i}`), page(`view ${i}`), ctx);
    // A page shoppers keep asking for is used, so it is not the one that goes.
    if (i % 5 === 0) expect(await handler().get(runtimeKey("/info/faqs"), ctx)).not.toBeNull();
  }
  const runtime = path.join(dir, "route-cache");
  expect(bytesUnder(runtime)).toBeLessThanOrEqual(budget);
  expect(metaFiles(runtime).length).toBeGreaterThan(5);
  expect(metaFiles(runtime).length).toBeLessThanOrEqual(12);
  expect((await handler().get(runtimeKey("/product-category/couches/page.999"), ctx))?.value?.html).toContain(
    "view 999",
  );
  expect((await handler().get(runtimeKey("/info/faqs"), ctx))?.value?.html).toContain("faqs");
  expect(await handler().get(runtimeKey("/product-category/couches/page.0"), ctx)).toBeNull();
});

test("what an earlier run left counts against the budget, and the build's own pages are never deleted", async () => {
  const dir = distDir();
  const budget = 300 * KB;
  // An earlier process filled the folder far past the budget; the build wrote its pages beside it.
  const before = cacheIn(dir, 100 * 1024 * KB);
  for (let i = 0; i < 40; i++) await before().set(runtimeKey(`/old/${i}`), page(`old ${i}`), ctx);
  await before().set("/info/about-us", page("built"), ctx);
  const runtime = path.join(dir, "route-cache");
  expect(bytesUnder(runtime)).toBeGreaterThan(budget);

  // A new process (a module of its own, as after a restart) with a smaller budget.
  let Fresh: typeof createIncrementalCache | undefined;
  jest.isolateModules(() => {
    Fresh = (
      jest.requireActual("@/lib/cache/incremental-handler.mjs") as {
        createIncrementalCache: typeof createIncrementalCache;
      }
    ).createIncrementalCache;
  });
  const Cache = Fresh!({ maxDiskBytes: budget });
  const after = new Cache({
    dev: false,
    fs: cacheFs,
    flushToDisk: true,
    serverDistDir: dir,
    revalidatedTags: [],
    maxMemoryCacheSize: 0,
  });
  await after.set(runtimeKey("/new"), page("new"), ctx);
  expect(bytesUnder(runtime)).toBeLessThanOrEqual(budget);
  expect(fs.existsSync(path.join(runtime, "APP_PAGE", "0f0f0f", "$", "new.html"))).toBe(true);
  expect(fs.existsSync(path.join(dir, "app", "info", "about-us.html"))).toBe(true);
});

describe("a page rendered while one of its tags was revalidated", () => {
  const tagged = (body: string, tags: string) => ({ ...page(body), headers: { "x-next-cache-tags": tags } });

  test("is rendered again, not served without the change, until the render margin has passed", async () => {
    const dir = distDir();
    const cache = cacheIn(dir, 10 * 1024 * KB)();
    const key = runtimeKey("/product-category/couches");
    // The category page's render began before staff published a couch and is written after it.
    await cache.revalidateTag(["kaya-catalog-race"], { expire: 0 });
    await cache.set(key, tagged("ten couches", "kaya-catalog-race,_N_T_/product-category/couches"), ctx);
    expect(await cache.get(key, ctx)).toBeNull();

    // A page that names no revalidated tag is served as written.
    const other = runtimeKey("/info/faqs");
    await cache.set(other, tagged("faqs", "kaya-content-race"), ctx);
    expect((await cache.get(other, ctx))?.value?.html).toContain("faqs");

    // Written once the margin has passed, the page was rendered after the change: it is served.
    await cache.set(key, tagged("eleven couches", "kaya-catalog-race,_N_T_/product-category/couches"), ctx);
    const written = new Date(Date.now() + RENDER_MARGIN_MS + 1_000);
    const html = path.join(dir, "route-cache", "APP_PAGE", "0f0f0f", "$", "product-category", "couches.html");
    fs.utimesSync(html, written, written);
    expect((await cache.get(key, ctx))?.value?.html).toContain("eleven couches");
  });

  test("stays expired when a later change only marks its tag stale", async () => {
    const dir = distDir();
    const cache = cacheIn(dir, 10 * 1024 * KB)();
    const key = runtimeKey("/product-category/ottomans");
    await cache.set(key, tagged("with the hidden ottoman", "kaya-catalog-hide,_N_T_/product-category/ottomans"), ctx);
    const rendered = new Date(Date.now() - 60_000);
    const html = path.join(dir, "route-cache", "APP_PAGE", "0f0f0f", "$", "product-category", "ottomans.html");
    fs.utimesSync(html, rendered, rendered);
    expect((await cache.get(key, ctx))?.value?.html).toContain("with the hidden ottoman");

    // Staff hide a product (the tag expires now); a shopper's order a moment later marks the same
    // tag stale, expiring a year ahead. The page from before the hide is still rendered again.
    await cache.revalidateTag(["kaya-catalog-hide"], { expire: 0 });
    await new Promise((resolve) => setTimeout(resolve, 2));
    await cache.revalidateTag(["kaya-catalog-hide"], { expire: 31_536_000 });
    expect(await cache.get(key, ctx)).toBeNull();
  });
});
