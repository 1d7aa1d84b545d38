export type CacheEntry = {
  value: ReadableStream<Uint8Array>;
  tags: string[];
  stale: number;
  timestamp: number;
  expire: number;
  revalidate: number;
};
export type UseCacheHandler = {
  get(cacheKey: string, softTags?: string[]): Promise<CacheEntry | undefined>;
  set(cacheKey: string, pendingEntry: Promise<CacheEntry>): Promise<void>;
  refreshTags(): Promise<void>;
  getExpiration(tags: string[]): Promise<number>;
  updateTags(tags: string[], durations?: { expire?: number }): Promise<void>;
};
export function createRedisUseCacheHandler(options: {
  url: string;
  prefix?: string;
  maxEntries?: number;
  maxTtlSeconds?: number;
}): UseCacheHandler;
