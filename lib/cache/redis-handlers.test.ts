import { randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createClient } from "redis";
import { closeConnections, createTagStore } from "@/lib/cache/redis-tags.mjs";
import { createRedisUseCacheHandler } from "@/lib/cache/use-cache-handler.mjs";
import { createIncrementalCache } from "@/lib/cache/incremental-handler.mjs";

/**
 * The shared cache against the machine's Redis. Two handlers made from one address stand for two
 * app processes: each keeps its own copy of the tag table, as a process does, and they meet only
 * in Redis. Every test writes under its own key prefix and removes it afterwards.
 */
const URL = "redis://127.0.0.1:6379";
let prefix = "";
const admin = createClient({ url: URL });

beforeAll(async () => {
  await admin.connect();
});
beforeEach(() => {
  prefix = `kaya-test:${randomUUID()}:`;
});
afterEach(async () => {
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length > 0) await admin.del(keys);
});
afterAll(async () => {
  await admin.close();
  closeConnections();
});

type Entry = {
  value: ReadableStream<Uint8Array>;
  tags: string[];
  stale: number;
  timestamp: number;
  expire: number;
  revalidate: number;
};

function entry(text: string, tags: string[], overrides: Partial<Entry> = {}): Entry {
  return {
    value: new Response(text).body!,
    tags,
    stale: 300,
    timestamp: Date.now(),
    expire: 3600,
    revalidate: 900,
    ...overrides,
  };
}

async function textOf(found: Entry | undefined): Promise<string | undefined> {
  return found ? new Response(found.value).text() : undefined;
}

describe('"use cache" entries in Redis', () => {
  test("an entry stored by one process is read by another, as often as asked", async () => {
    const a = createRedisUseCacheHandler({ url: URL, prefix });
    const b = createRedisUseCacheHandler({ url: URL, prefix });
    await a.set("key-1", Promise.resolve(entry("Oak table R 4 999", ["catalog"])));
    await b.refreshTags();
    const first = await b.get("key-1");
    expect(first).toMatchObject({ tags: ["catalog"], expire: 3600, revalidate: 900, stale: 300 });
    expect(await textOf(first)).toBe("Oak table R 4 999");
    expect(await textOf(await b.get("key-1"))).toBe("Oak table R 4 999");
    expect(await b.get("missing")).toBeUndefined();
  });

  test("a tag expired on one process is a miss on the other at its next request", async () => {
    const a = createRedisUseCacheHandler({ url: URL, prefix });
    const b = createRedisUseCacheHandler({ url: URL, prefix });
    await b.set(
      "product",
      Promise.resolve(entry("R 4 999", ["catalog", "product:oak-table"], { timestamp: Date.now() - 10 })),
    );
    await b.refreshTags();
    expect(await textOf(await b.get("product"))).toBe("R 4 999");

    await a.updateTags(["product:oak-table"], { expire: 0 });
    await b.refreshTags();
    expect(await b.get("product")).toBeUndefined();
    expect(await b.getExpiration(["product:oak-table"])).toBeGreaterThan(0);
    expect(await b.getExpiration(["catalog"])).toBe(0);
  });

  test("an expiry on one process stays an expiry when another marks the tag stale after it", async () => {
    // Staff hide a product on one process; a moment later a shopper's order on another marks the
    // catalogue stale, with an expiry a year ahead. The entry from before the hide stays a miss.
    const a = createRedisUseCacheHandler({ url: URL, prefix });
    const b = createRedisUseCacheHandler({ url: URL, prefix });
    await b.set("category", Promise.resolve(entry("with the sofa", ["catalog"], { timestamp: Date.now() - 10 })));
    await a.updateTags(["catalog"], { expire: 0 });
    await new Promise((resolve) => setTimeout(resolve, 2));
    await b.updateTags(["catalog"], { expire: 31_536_000 });
    const c = createRedisUseCacheHandler({ url: URL, prefix });
    await c.refreshTags();
    expect(await c.get("category")).toBeUndefined();
    await b.refreshTags();
    expect(await b.get("category")).toBeUndefined();

    // An entry made between the two is served once more, with a refresh asked for.
    const between = Date.now() - 1;
    await b.set("home", Promise.resolve(entry("home", ["catalog"], { timestamp: between })));
    await b.updateTags(["catalog"], { expire: 31_536_000 });
    await c.refreshTags();
    expect((await c.get("home"))?.revalidate).toBe(-1);
  });

  test("a tag marked stale elsewhere serves the entry once more with a refresh asked for", async () => {
    const a = createRedisUseCacheHandler({ url: URL, prefix });
    const b = createRedisUseCacheHandler({ url: URL, prefix });
    await b.set("home", Promise.resolve(entry("home", ["reviews"], { timestamp: Date.now() - 10 })));
    await a.updateTags(["reviews"], { expire: 3600 });
    await b.refreshTags();
    const found = await b.get("home");
    expect(found?.revalidate).toBe(-1);
    expect(await textOf(found)).toBe("home");
  });

  test("an entry made after the change is served", async () => {
    const a = createRedisUseCacheHandler({ url: URL, prefix });
    await a.updateTags(["catalog"]);
    await a.set("later", Promise.resolve(entry("new price", ["catalog"], { timestamp: Date.now() + 5 })));
    await a.refreshTags();
    expect(await textOf(await a.get("later"))).toBe("new price");
  });

  test("an entry with no life is not stored, and Redis holds it no longer than it may live", async () => {
    const a = createRedisUseCacheHandler({ url: URL, prefix });
    await a.set("dynamic", Promise.resolve(entry("x", [], { expire: 0 })));
    expect(await a.get("dynamic")).toBeUndefined();
    await a.set("short", Promise.resolve(entry("x", [], { expire: 120 })));
    const ttl = await admin.ttl(`${prefix}use-cache:short`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(120);
  });

  test("Redis holds at most the configured number of entries, each no longer than the configured time", async () => {
    const a = createRedisUseCacheHandler({ url: URL, prefix, maxEntries: 10, maxTtlSeconds: 600 });
    for (let i = 0; i < 40; i++) await a.set(`view-${i}`, Promise.resolve(entry(`page ${i}`, ["catalog"])));
    const kept = await admin.keys(`${prefix}use-cache:*`);
    expect(kept.length).toBe(10);
    expect(await admin.zCard(`${prefix}use-cache-index`)).toBe(10);
    // The newest are kept; every entry ends within the configured time, whatever its own life.
    expect(await textOf(await a.get("view-39"))).toBe("page 39");
    expect(await a.get("view-0")).toBeUndefined();
    await a.set("long", Promise.resolve(entry("x", [], { expire: 365 * 86_400 })));
    const ttl = await admin.ttl(`${prefix}use-cache:long`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  test("a read while the same entry is being written waits for it", async () => {
    const a = createRedisUseCacheHandler({ url: URL, prefix });
    let finish: (e: Entry) => void = () => {};
    const writing = a.set("slow", new Promise<Entry>((resolve) => (finish = resolve)));
    const reading = a.get("slow");
    finish(entry("done", []));
    await writing;
    expect(await textOf(await reading)).toBe("done");
  });

  test("a failed render is not stored", async () => {
    const a = createRedisUseCacheHandler({ url: URL, prefix });
    await a.set("broken", Promise.reject(new Error("render failed")));
    expect(await a.get("broken")).toBeUndefined();
  });
});

describe("Redis that does not answer", () => {
  test("nothing listening: every call settles without waiting for Redis, as a miss, and the outage is logged once", async () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const down = createRedisUseCacheHandler({ url: "redis://127.0.0.1:1", prefix });
      await down.set("k", Promise.resolve(entry("x", ["catalog"])));
      await down.refreshTags();
      expect(await down.get("k")).toBeUndefined();
      expect(await down.getExpiration(["catalog"])).toBe(0);
      await expect(down.updateTags(["catalog"])).resolves.toBeUndefined();
      await down.refreshTags();
      expect(written.filter((l) => l.includes("Redis (REDIS_URL) does not answer"))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  test("a server that takes the connection and never answers: a miss once the call's time is up", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const spy = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const hung = createRedisUseCacheHandler({ url: `redis://127.0.0.1:${port}`, prefix });
      expect(await hung.get("k")).toBeUndefined();
      await expect(hung.set("k", Promise.resolve(entry("x", [])))).resolves.toBeUndefined();
    } finally {
      spy.mockRestore();
      silent.close();
    }
  });
});

describe("page cache (incremental) with tags shared through Redis", () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-isr-"));
  const cacheFs = {
    existsSync: fs.existsSync,
    readFile: (f: string) => fs.promises.readFile(f),
    readFileSync: (f: string) => fs.readFileSync(f),
    writeFile: (f: string, d: string | Buffer) => fs.promises.writeFile(f, d),
    mkdir: (d: string) => fs.promises.mkdir(d, { recursive: true }),
    stat: (f: string) => fs.promises.stat(f),
  };
  const make = () => {
    const Cache = createIncrementalCache({ maxDiskBytes: 1024 * 1024, redis: { url: URL, prefix } });
    return new Cache({
      dev: false,
      fs: cacheFs,
      flushToDisk: false,
      serverDistDir: distDir,
      revalidatedTags: [],
      maxMemoryCacheSize: 10 * 1024 * 1024,
    });
  };
  const page = (tags: string) => ({
    kind: "APP_PAGE",
    html: "<p>R 4 999</p>",
    rscData: Buffer.from("rsc"),
    headers: { "x-next-cache-tags": tags },
    postponed: undefined,
    status: 200,
    segmentData: new Map(),
  });
  const ctx = { kind: "APP_PAGE", isRoutePPREnabled: true, isFallback: false };

  afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

  test("a page whose tag another process expired is rebuilt here, others are kept", async () => {
    const here = make();
    const key = `/product/oak-table-${randomUUID()}`;
    const other = `/product/pine-bed-${randomUUID()}`;
    await here.set(key, page("catalog,product:oak-table"), ctx);
    await here.set(other, page("product:pine-bed"), ctx);
    expect((await here.get(key, ctx))?.value?.html).toBe("<p>R 4 999</p>");

    // What the other process's handler writes when its back office changes the price.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await createTagStore({ url: URL, prefix }).update(["product:oak-table"]);
    await new Promise((resolve) => setTimeout(resolve, 1));

    const next = make();
    expect(await next.get(key, ctx)).toBeNull();
    expect((await next.get(other, ctx))?.value?.html).toBe("<p>R 4 999</p>");
  });

  test("a revalidation here reaches Redis for the other processes", async () => {
    const here = make();
    await here.revalidateTag(["catalog"], { expire: 0 });
    const tags = createTagStore({ url: URL, prefix });
    await tags.refresh();
    expect(tags.expiredAt("catalog")).toBeGreaterThan(0);
  });
});
