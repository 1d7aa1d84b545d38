/**
 * The page and route cache (Next's incremental cache: prerendered shells, ISR), as Next keeps it
 * (in memory, under a byte budget, and in .next) with two additions:
 *
 * - the pages a running process adds to .next (under server/route-cache) are bounded in bytes: past
 *   the budget the least recently used are deleted, and what an earlier run left is counted when
 *   the process first writes, so the bound holds across restarts. The build's own pages are never
 *   touched. Next keeps every page it is asked for there without limit;
 * - with REDIS_URL, tag revalidations are shared: each process keeps its own copies of pages, and
 *   when a tag was revalidated is kept in Redis, so a shell built before a change made on another
 *   process is rebuilt on the next request here instead of when it expires. Sharing the
 *   revalidations is what keeps every process correct, and needs no copy of large pages in Redis.
 */
import fs from "node:fs/promises";
import path from "node:path";
import FileSystemCacheModule from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import * as TagsManifestModule from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";
import { createTagStore } from "./redis-tags.mjs";
import { guardTagManifest } from "./tag-expiry.mjs";

const FileSystemCache = /** @type {any} */ (FileSystemCacheModule).default ?? FileSystemCacheModule;

/** When this process's tags were revalidated: the manifest Next's own cache reads (one per process). */
const { areTagsExpired, tagsManifest } = /** @type {any} */ (TagsManifestModule).areTagsExpired
  ? TagsManifestModule
  : /** @type {any} */ (TagsManifestModule).default;
// A later revalidation must not undo an expiry that has happened (tag-expiry.mjs).
guardTagManifest(tagsManifest);

/**
 * How long a page may take to render. Next dates a page by when it is written, so a page whose
 * render began before a tag was revalidated and ended after it would pass for fresh and be served
 * without the change until it expires (a product published while a category page was rendering).
 * A page written this soon after a revalidation of one of its tags is rendered again instead.
 */
export const RENDER_MARGIN_MS = 5_000;

/** Next's header that carries a cached page's or route's tags. */
const TAGS_HEADER = "x-next-cache-tags";
/** Where Next writes the pages a running process renders, under .next/server (and their keys begin). */
const RUNTIME_DIR = "route-cache";
/** The files one entry is made of, beside its .meta; and its folder of prefetch segments. */
const ENTRY_FILES = [".meta", ".html", ".rsc", ".body", ".json"];
const SEGMENTS_DIR = ".segments";

/**
 * @param {string} file
 * @returns {Promise<number>}
 */
async function bytesOf(file) {
  try {
    const stat = await fs.stat(file);
    if (!stat.isDirectory()) return stat.size;
    const names = await fs.readdir(file);
    let total = 0;
    for (const name of names) total += await bytesOf(path.join(file, name));
    return total;
  } catch {
    return 0;
  }
}

/**
 * The runtime pages on disk, least recently written first: each one's key (the path under
 * .next/server without its suffix) and size.
 * @param {string} root
 * @returns {Promise<{ key: string; bytes: number; at: number }[]>}
 */
async function entriesUnder(root) {
  /** @type {{ key: string; bytes: number; at: number }[]} */
  const found = [];
  /** @param {string} dir */
  const walk = async (dir) => {
    let names;
    try {
      names = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of names) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.endsWith(SEGMENTS_DIR)) await walk(full);
      } else if (entry.name.endsWith(".meta")) {
        const base = full.slice(0, -".meta".length);
        const at = (await fs.stat(full).catch(() => null))?.mtimeMs ?? 0;
        found.push({ key: base, bytes: await entryBytes(base), at });
      }
    }
  };
  await walk(root);
  return found.sort((a, b) => a.at - b.at);
}

/** @param {string} base an entry's path without its suffix */
async function entryBytes(base) {
  let total = 0;
  for (const suffix of [...ENTRY_FILES, SEGMENTS_DIR]) total += await bytesOf(base + suffix);
  return total;
}

/** @param {string} base */
async function removeEntry(base) {
  await Promise.all(
    [...ENTRY_FILES, SEGMENTS_DIR].map((suffix) => fs.rm(base + suffix, { recursive: true, force: true })),
  );
}

/**
 * The runtime pages a process has on disk, by path, in the order they were last used; one per
 * .next/server folder, shared by every handler Next makes (it makes one per request).
 */
class DiskBudget {
  /**
   * @param {string} root the folder of runtime pages
   * @param {number} maxBytes
   */
  constructor(root, maxBytes) {
    this.root = root;
    this.maxBytes = maxBytes;
    /** @type {Map<string, number>} */
    this.entries = new Map();
    this.bytes = 0;
    /** @type {Promise<void> | null} */
    this.loaded = null;
    /** Writes and evictions run one at a time, so sizes and deletions never cross. */
    /** @type {Promise<void>} */
    this.queue = Promise.resolve();
  }

  /** What an earlier run left, counted once, before the first write. */
  load() {
    this.loaded ??= entriesUnder(this.root).then((found) => {
      for (const { key, bytes } of found) this.#add(key, bytes);
    });
    return this.loaded;
  }

  /**
   * @param {string} file an entry's path without its suffix
   * @param {number} bytes
   */
  #add(file, bytes) {
    this.bytes -= this.entries.get(file) ?? 0;
    this.entries.delete(file);
    this.entries.set(file, bytes);
    this.bytes += bytes;
  }

  /** @param {string} file an entry's path without its suffix */
  touch(file) {
    const bytes = this.entries.get(file);
    if (bytes === undefined) return;
    this.entries.delete(file);
    this.entries.set(file, bytes);
  }

  /**
   * Counts an entry just written, then deletes the least recently used until the rest fit.
   * @param {string} file an entry's path without its suffix
   */
  written(file) {
    this.queue = this.queue.then(async () => {
      await this.load();
      this.#add(file, await entryBytes(file));
      for (const [oldest, bytes] of this.entries) {
        if (this.bytes <= this.maxBytes || oldest === file) break;
        this.entries.delete(oldest);
        this.bytes -= bytes;
        await removeEntry(oldest);
      }
    });
    return this.queue.catch(() => undefined);
  }
}

/** @type {Map<string, DiskBudget>} */
const BUDGETS = new Map();

/**
 * @param {string} serverDistDir
 * @param {number} maxBytes
 */
function budgetFor(serverDistDir, maxBytes) {
  const root = path.join(serverDistDir, RUNTIME_DIR);
  let budget = BUDGETS.get(root);
  if (!budget) {
    budget = new DiskBudget(root, maxBytes);
    BUDGETS.set(root, budget);
  }
  return budget;
}

/**
 * @param {{ maxDiskBytes: number; redis?: { url: string; prefix?: string } }} options
 */
export function createIncrementalCache({ maxDiskBytes, redis }) {
  const tags = redis ? createTagStore({ url: redis.url, prefix: redis.prefix ?? "kaya:" }) : null;

  return class BoundedIncrementalCache extends FileSystemCache {
    /** @param {any} ctx */
    constructor(ctx) {
      super(ctx);
      // The proxy's bundle makes one without a folder: it writes nothing to disk.
      this.budget = ctx.serverDistDir ? budgetFor(ctx.serverDistDir, maxDiskBytes) : null;
    }

    /**
     * The entry's path on disk without its suffix, for a page a running process wrote; else null.
     * @param {string} key
     * @returns {string | null}
     */
    runtimeFile(key) {
      if (!this.budget || !key.startsWith(`/${RUNTIME_DIR}/`)) return null;
      const file = path.join(this.serverDistDir, key);
      return file.startsWith(this.budget.root + path.sep) ? file : null;
    }

    /**
     * @param {string} key
     * @param {{ kind: string; tags?: string[]; softTags?: string[] }} ctx
     */
    async get(key, ctx) {
      const data = await super.get(key, ctx);
      const file = this.runtimeFile(key);
      if (data && file) this.budget?.touch(file);
      if (!data?.value) return data;
      const header = data.value.headers?.[TAGS_HEADER];
      const entryTags =
        data.value.kind === "FETCH"
          ? [...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])]
          : typeof header === "string"
            ? header.split(",")
            : [];
      if (entryTags.length === 0) return data;
      const renderedFrom = (data.lastModified ?? 0) - RENDER_MARGIN_MS;
      if (areTagsExpired(entryTags, renderedFrom)) return null;
      if (!tags) return data;
      await tags.refreshIfOld();
      if (tags.areExpired(entryTags, renderedFrom)) return null;
      // Stale on another process: rebuilt now rather than served once more, as Next does for a
      // page whose tag expired (the changes that mark tags stale are rare and small).
      if (tags.areStale(entryTags, renderedFrom)) return null;
      return data;
    }

    /**
     * @param {string} key
     * @param {any} data
     * @param {any} ctx
     */
    async set(key, data, ctx) {
      await super.set(key, data, ctx);
      const file = this.runtimeFile(key);
      if (file && data && this.flushToDisk) await this.budget?.written(file);
    }

    /**
     * @param {string[] | string} tagList
     * @param {{ expire?: number }} [durations]
     */
    async revalidateTag(tagList, durations) {
      await super.revalidateTag(tagList, durations);
      await tags?.update(typeof tagList === "string" ? [tagList] : tagList, durations);
    }
  };
}
