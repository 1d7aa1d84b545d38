/**
 * The "use cache" handler every app process shares when REDIS_URL is set (next.config.ts names it
 * for the default and remote kinds): entries and tag revalidations live in Redis, so a change that
 * revalidates a tag on one process is seen by the next request on every other.
 *
 * Redis holds a bounded number of entries, each for a bounded time (lib/config/cache.mjs): an
 * index of the entries by when they end lets each write drop the ended ones and, past the count,
 * those nearest their end. A shared Redis is then never filled by one visitor's made-up addresses,
 * whatever its own maxmemory policy.
 *
 * Without Redis (down, slow) a read is a miss and the data is fetched again: slower, never wrong.
 */
import { CACHE_LIMITS } from "../config/cache.mjs";
import { attempt, createTagStore } from "./redis-tags.mjs";

/**
 * @param {ReadableStream<Uint8Array>} stream
 * @returns {Promise<Buffer>}
 */
async function bytesOf(stream) {
  const chunks = [];
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (stream)))
    chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** @param {Buffer} bytes */
function streamOf(bytes) {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
}

/**
 * @typedef {{ value: ReadableStream<Uint8Array>; tags: string[]; stale: number; timestamp: number; expire: number; revalidate: number }} CacheEntry
 */

/**
 * @param {{ url: string; prefix?: string; maxEntries?: number; maxTtlSeconds?: number }} options
 */
export function createRedisUseCacheHandler({
  url,
  prefix = "kaya:",
  maxEntries = CACHE_LIMITS.CACHE_REDIS_MAX_ENTRIES.fallback,
  maxTtlSeconds = CACHE_LIMITS.CACHE_REDIS_TTL_HOURS.fallback * 3600,
}) {
  const tags = createTagStore({ url, prefix });
  const conn = tags.conn;
  /** The entries' keys, each scored with when it ends (milliseconds since the epoch). */
  const indexKey = `${prefix}use-cache-index`;
  /** Sets still being written by this process: a read of the same key waits for them. */
  /** @type {Map<string, Promise<void>>} */
  const pending = new Map();
  const keyOf = (/** @type {string} */ cacheKey) => `${prefix}use-cache:${cacheKey}`;

  return {
    /**
     * @param {string} cacheKey
     * @returns {Promise<CacheEntry | undefined>}
     */
    async get(cacheKey) {
      await pending.get(cacheKey);
      const stored = await attempt(conn, (client) => client.get(keyOf(cacheKey)), null);
      if (!stored) return undefined;
      /** @type {Omit<CacheEntry, "value"> & { value: string }} */
      let entry;
      try {
        entry = JSON.parse(stored);
      } catch {
        return undefined;
      }
      if (entry.expire < 0) return undefined;
      await tags.refreshIfOld();
      if (tags.areExpired(entry.tags, entry.timestamp)) return undefined;
      const revalidate = tags.areStale(entry.tags, entry.timestamp) ? -1 : entry.revalidate;
      return { ...entry, revalidate, value: streamOf(Buffer.from(entry.value, "base64")) };
    },

    /**
     * @param {string} cacheKey
     * @param {Promise<CacheEntry>} pendingEntry
     */
    async set(cacheKey, pendingEntry) {
      /** @type {() => void} */
      let done = () => {};
      pending.set(cacheKey, new Promise((resolve) => (done = () => resolve(undefined))));
      try {
        const entry = await pendingEntry;
        // An entry with no life is made again on every read: storing it would be a wasted write.
        if (entry.expire === 0) return;
        const value = await bytesOf(entry.value);
        const meta = {
          tags: entry.tags,
          stale: entry.stale,
          timestamp: entry.timestamp,
          expire: entry.expire,
          revalidate: entry.revalidate,
        };
        const ttl = Math.max(1, Math.min(Math.ceil(entry.expire), maxTtlSeconds));
        const body = JSON.stringify({ ...meta, value: value.toString("base64") });
        const key = keyOf(cacheKey);
        await attempt(
          conn,
          async (client) => {
            const now = Date.now();
            const replies = await client
              .multi()
              .set(key, body, { expiration: { type: "EX", value: ttl } })
              .zAdd(indexKey, { score: now + ttl * 1000, value: key })
              .zRemRangeByScore(indexKey, "-inf", now)
              .zCard(indexKey)
              .exec();
            const over = Number(replies.at(-1)) - maxEntries;
            if (over <= 0) return;
            const evicted = await client.zPopMinCount(indexKey, over);
            if (evicted.length > 0) await client.del(evicted.map((e) => e.value));
          },
          null,
        );
      } catch {
        // A failed render or stream is not stored; the next read renders again.
      } finally {
        done();
        pending.delete(cacheKey);
      }
    },

    /** Once per request before its first read: this process's copy of the tag table is read again. */
    async refreshTags() {
      await tags.refresh();
    },

    /** @param {string[]} softTags */
    async getExpiration(softTags) {
      await tags.refreshIfOld();
      return Math.max(0, ...softTags.map((tag) => tags.expiredAt(tag)));
    },

    /**
     * @param {string[]} tagList
     * @param {{ expire?: number }} [durations]
     */
    async updateTags(tagList, durations) {
      await tags.update(tagList, durations);
    },
  };
}
