/**
 * The page and route cache (Next's incremental cache: prerendered shells, ISR) when REDIS_URL is
 * set. Each process keeps its own copies as Next does by default, in memory and in .next; what the
 * processes share is when a tag was revalidated, kept in Redis, so a shell built before a change
 * made on another process is rebuilt on the next request here instead of when it expires.
 *
 * Sharing the shells themselves would save each process one render per change; sharing the
 * revalidations is what keeps every process correct, and needs no copy of large pages in Redis.
 */
import FileSystemCacheModule from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import { createTagStore } from "./redis-tags.mjs";

const FileSystemCache = /** @type {any} */ (FileSystemCacheModule).default ?? FileSystemCacheModule;

/** Next's header that carries a cached page's or route's tags. */
const TAGS_HEADER = "x-next-cache-tags";

/**
 * @param {{ url: string; prefix?: string }} options
 */
export function createRedisIncrementalCache({ url, prefix = "kaya:" }) {
  const tags = createTagStore({ url, prefix });

  return class RedisTaggedIncrementalCache extends FileSystemCache {
    /**
     * @param {string} key
     * @param {{ kind: string; tags?: string[]; softTags?: string[] }} ctx
     */
    async get(key, ctx) {
      const data = await super.get(key, ctx);
      if (!data?.value) return data;
      const header = data.value.headers?.[TAGS_HEADER];
      const entryTags =
        data.value.kind === "FETCH"
          ? [...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])]
          : typeof header === "string"
            ? header.split(",")
            : [];
      if (entryTags.length === 0) return data;
      await tags.refreshIfOld();
      if (tags.areExpired(entryTags, data.lastModified)) return null;
      // Stale on another process: rebuilt now rather than served once more, as Next does for a
      // page whose tag expired (the changes that mark tags stale are rare and small).
      if (tags.areStale(entryTags, data.lastModified)) return null;
      return data;
    }

    /**
     * @param {string[] | string} tagList
     * @param {{ expire?: number }} [durations]
     */
    async revalidateTag(tagList, durations) {
      await super.revalidateTag(tagList, durations);
      await tags.update(typeof tagList === "string" ? [tagList] : tagList, durations);
    }
  };
}
