/**
 * The page cache's bounds (lib/cache), defined once: env.ts builds their part of the schema from
 * these, so a bad value stops the server at start with every other problem, and the cache handlers
 * Next loads by path (plain JavaScript outside the app's bundles, which cannot import the schema)
 * read them here.
 *
 * Each process keeps its own copies of pages in memory and in .next (on one machine, every process
 * of a release shares the folder, each keeping its own part under the bound); with REDIS_URL the
 * processes share "use cache" entries in Redis.
 */
export const CACHE_LIMITS = {
  /** Megabytes of memory for each of the process's two caches: pages, and "use cache" entries. */
  CACHE_MEMORY_MB: { min: 8, max: 4096, fallback: 50 },
  /** Megabytes of pages a process keeps in .next beyond the build's own; the least used go first. */
  CACHE_DISK_MB: { min: 16, max: 1_000_000, fallback: 512 },
  /** "use cache" entries kept in Redis, at most; the oldest go first. */
  CACHE_REDIS_MAX_ENTRIES: { min: 100, max: 10_000_000, fallback: 20_000 },
  /** Hours a "use cache" entry lives in Redis at most, whatever its own life says. */
  CACHE_REDIS_TTL_HOURS: { min: 1, max: 720, fallback: 24 },
};

const MB = 1024 * 1024;

/**
 * The bounds in force, from the environment. A value outside its range has already stopped the
 * server when it started (env.ts); here it counts as unset.
 * @param {Record<string, string | undefined>} [env]
 */
export function cacheLimits(env = process.env) {
  /** @param {keyof typeof CACHE_LIMITS} name */
  const read = (name) => {
    const { min, max, fallback } = CACHE_LIMITS[name];
    const raw = env[name]?.trim() ?? "";
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
    return value >= min && value <= max ? value : fallback;
  };
  return {
    memoryBytes: read("CACHE_MEMORY_MB") * MB,
    diskBytes: read("CACHE_DISK_MB") * MB,
    redisMaxEntries: read("CACHE_REDIS_MAX_ENTRIES"),
    redisTtlSeconds: read("CACHE_REDIS_TTL_HOURS") * 3600,
  };
}
