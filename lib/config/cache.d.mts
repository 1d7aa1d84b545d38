export type CacheLimit = { min: number; max: number; fallback: number };
export const CACHE_LIMITS: {
  CACHE_MEMORY_MB: CacheLimit;
  CACHE_DISK_MB: CacheLimit;
  CACHE_REDIS_MAX_ENTRIES: CacheLimit;
  CACHE_REDIS_TTL_HOURS: CacheLimit;
};
export function cacheLimits(env?: Record<string, string | undefined>): {
  memoryBytes: number;
  diskBytes: number;
  redisMaxEntries: number;
  redisTtlSeconds: number;
};
