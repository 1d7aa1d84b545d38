/**
 * What the app processes share through Redis when REDIS_URL is set: one client per process and
 * the revalidation times of cache tags. Loaded by path by Next's server (next.config.ts), so it is
 * plain JavaScript outside the app's bundles.
 *
 * Redis is a cache here, never a dependency of an answer: every call gives up after a short time
 * and the caller falls back (a miss, so the page is rendered). The outage is logged once, and
 * /api/readyz reports it (lib/ops/readiness.ts).
 */
import { createClient } from "redis";
import { MERGE_EXPIRY_SCRIPT, mergedExpiry } from "./tag-expiry.mjs";

/** How long one Redis call may take before the caller renders instead (a hung Redis must not hang pages). */
const CALL_TIMEOUT_MS = 500;
/** A tag table older than this is read again before an entry is judged. */
const TAGS_MAX_AGE_MS = 1000;

/**
 * @param {"info" | "warn"} level
 * @param {string} msg
 */
function logLine(level, msg) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, area: "cache", msg });
  if (level === "info") process.stdout.write(`${line}\n`);
  else process.stderr.write(`${line}\n`);
}

/**
 * @typedef {{ client: ReturnType<typeof createClient>; down: boolean; connecting: Promise<unknown> | null }} Connection
 */

const CONNECTIONS = Symbol.for("kaya.cache.redis");

/**
 * The process's client for `url`, connecting in the background. Commands fail at once while it is
 * disconnected (no offline queue) rather than waiting for Redis to come back.
 * @param {string} url
 * @returns {Connection}
 */
export function connection(url) {
  const g = /** @type {Record<symbol, Map<string, Connection>>} */ (/** @type {unknown} */ (globalThis));
  g[CONNECTIONS] ??= new Map();
  const known = g[CONNECTIONS].get(url);
  if (known) return known;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
  });
  /** @type {Connection} */
  const conn = { client, down: false, connecting: null };
  // The client reconnects by itself; what counts is a cache call that had to do without it
  // (attempt), not a socket error while nothing needed Redis (a start-up that blocks the loop).
  client.on("error", () => {});
  client.on("ready", () => {
    conn.connecting = null;
    if (conn.down) logLine("info", "Redis (REDIS_URL) answers again: the shared cache is back");
    conn.down = false;
  });
  conn.connecting = client.connect().catch(() => undefined);
  g[CONNECTIONS].set(url, conn);
  return conn;
}

/** Closes every client this process opened (tests; the server exits anyway). */
export function closeConnections() {
  const g = /** @type {Record<symbol, Map<string, Connection> | undefined>} */ (/** @type {unknown} */ (globalThis));
  const all = [...(g[CONNECTIONS]?.values() ?? [])];
  g[CONNECTIONS]?.clear();
  for (const c of all) {
    try {
      c.client.destroy();
    } catch {
      // Already closed.
    }
  }
}

/**
 * Runs `work` against Redis, or returns `fallback` when Redis is not connected, fails or is slow.
 * @template T
 * @param {Connection} conn
 * @param {(client: Connection["client"]) => Promise<T>} work
 * @param {T} fallback
 * @returns {Promise<T>}
 */
export async function attempt(conn, work, fallback) {
  if (!conn.client.isReady) {
    // The first calls of a new process wait briefly for the connection it is opening.
    if (conn.connecting && !conn.down) await withTimeout(conn.connecting, undefined);
    if (!conn.client.isReady) return without(conn, fallback);
  }
  try {
    const answer = await withTimeout(work(conn.client), TIMED_OUT);
    return answer === TIMED_OUT ? without(conn, fallback) : /** @type {T} */ (answer);
  } catch {
    return without(conn, fallback);
  }
}

const TIMED_OUT = Symbol("timed out");

/**
 * The fallback, logging the outage once (until Redis answers again).
 * @template T
 * @param {Connection} conn
 * @param {T} fallback
 */
function without(conn, fallback) {
  if (!conn.down) {
    conn.down = true;
    logLine("warn", "Redis (REDIS_URL) does not answer: pages are rendered without the shared cache until it does");
  }
  return fallback;
}

/**
 * @template T
 * @param {Promise<T>} work
 * @param {T} fallback
 * @returns {Promise<T>}
 */
function withTimeout(work, fallback) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve(fallback), CALL_TIMEOUT_MS)));
  work.catch(() => undefined);
  return /** @type {Promise<T>} */ (Promise.race([work, late]).finally(() => clearTimeout(timer)));
}

/**
 * The tags' revalidation times, shared by every process: `expired` (an entry made before it is a
 * miss) and `stale` (an entry made before it is served once more while a fresh one is made), in
 * milliseconds since the epoch, as Next's own in-memory tag table keeps them.
 * @param {{ url: string; prefix: string }} options
 */
export function createTagStore({ url, prefix }) {
  const conn = connection(url);
  const expiredKey = `${prefix}tags:expired`;
  const staleKey = `${prefix}tags:stale`;
  /** @type {Map<string, number>} */
  let expired = new Map();
  /** @type {Map<string, number>} */
  let stale = new Map();
  let readAt = 0;
  /** Changes Redis did not take (it was down), written again with the next call that reaches it. */
  /** @type {Map<string, { expired?: number; stale?: number }>} */
  const unsent = new Map();

  /** @param {Record<string, string>} raw */
  const numbers = (raw) => new Map(Object.entries(raw).map(([k, v]) => [k, Number(v)]));

  /** @param {Map<string, { expired?: number; stale?: number }>} changes */
  const send = (changes) =>
    attempt(
      conn,
      async (client) => {
        const multi = client.multi();
        const now = String(Date.now());
        for (const [tag, c] of changes) {
          if (c.expired !== undefined)
            multi.eval(MERGE_EXPIRY_SCRIPT, { keys: [expiredKey], arguments: [tag, String(c.expired), now] });
          if (c.stale !== undefined) multi.hSet(staleKey, tag, String(c.stale));
        }
        await multi.exec();
        return true;
      },
      false,
    );

  const store = {
    /** Reads the whole table (a few hundred tags at most: catalogue, products, reviews). */
    async refresh() {
      if (unsent.size > 0) {
        const pending = new Map(unsent);
        if (await send(pending)) for (const tag of pending.keys()) unsent.delete(tag);
      }
      const tables = await attempt(
        conn,
        async (client) => Promise.all([client.hGetAll(expiredKey), client.hGetAll(staleKey)]),
        null,
      );
      if (!tables) return false;
      readAt = Date.now();
      expired = numbers(tables[0]);
      stale = numbers(tables[1]);
      for (const [tag, c] of unsent) {
        const at = mergedExpiry(expired.get(tag), c.expired, readAt);
        if (at !== undefined) expired.set(tag, at);
        if (c.stale !== undefined) stale.set(tag, Math.max(stale.get(tag) ?? 0, c.stale));
      }
      return true;
    },
    /** Reads the table when this process's copy is older than a second. */
    async refreshIfOld() {
      if (Date.now() - readAt >= TAGS_MAX_AGE_MS) return store.refresh();
      return true;
    },
    /** @param {string} tag */
    expiredAt: (tag) => expired.get(tag) ?? 0,
    /** @param {string} tag */
    staleAt: (tag) => stale.get(tag) ?? 0,
    /**
     * Whether an entry made at `timestamp` with these tags is gone (a tag expired since).
     * @param {string[]} tags
     * @param {number} timestamp
     */
    areExpired(tags, timestamp) {
      const now = Date.now();
      return tags.some((tag) => {
        const at = expired.get(tag);
        return at !== undefined && at <= now && at > timestamp;
      });
    },
    /**
     * @param {string[]} tags
     * @param {number} timestamp
     */
    areStale: (tags, timestamp) => tags.some((tag) => (stale.get(tag) ?? 0) > timestamp),
    /**
     * Marks tags as revalidated now, as Next's own handlers do: without durations they expire
     * now; with them they are stale now and expire after `expire` seconds.
     * @param {string[]} tags
     * @param {{ expire?: number }} [durations]
     */
    async update(tags, durations) {
      const now = Date.now();
      /** @type {Map<string, { expired?: number; stale?: number }>} */
      const changes = new Map();
      for (const tag of tags) {
        /** @type {{ expired?: number; stale?: number }} */
        const c = durations ? { stale: now } : { expired: now };
        if (durations?.expire !== undefined) c.expired = now + durations.expire * 1000;
        changes.set(tag, c);
        const at = mergedExpiry(expired.get(tag), c.expired, now);
        if (at !== undefined) expired.set(tag, at);
        if (c.stale !== undefined) stale.set(tag, c.stale);
      }
      if (!(await send(changes))) {
        for (const [tag, c] of changes) unsent.set(tag, { ...unsent.get(tag), ...c });
      }
    },
    conn,
  };
  return store;
}
