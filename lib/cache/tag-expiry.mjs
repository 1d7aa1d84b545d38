/**
 * A cache tag's expiry never moves from the past into the future.
 *
 * Next keeps one `expired` time per tag, and each revalidation overwrites it: staff hide a product
 * (the catalogue's tag expires now), a shopper's order a moment later marks the same tag stale with
 * an expiry a year ahead (stock moved: the "max" profile), and every page rendered before the hide
 * passes for merely stale, served once more with the hidden product, as if the hide had never
 * expired anything. The rule here keeps the expiry that has already happened when a later one lies
 * ahead, so pages older than it stay expired, and those between it and the later change are stale.
 */

/**
 * The tag's expiry after a revalidation: `next`, unless `previous` has already passed and `next`
 * lies ahead (then `previous`), or both have passed (then the later).
 * @param {number | undefined} previous
 * @param {number | undefined} next
 * @param {number} now
 * @returns {number | undefined}
 */
export function mergedExpiry(previous, next, now) {
  if (previous === undefined || next === undefined) return next ?? previous;
  if (previous > now) return next;
  return next > now ? previous : Math.max(previous, next);
}

/** The same rule in Redis, for one tag of a shared table: KEYS[1] the table, ARGV tag, expiry, now. */
export const MERGE_EXPIRY_SCRIPT = `
local previous = tonumber(redis.call('HGET', KEYS[1], ARGV[1]))
local nextAt = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
if previous and previous <= now then
  if nextAt > now or nextAt < previous then return previous end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return nextAt
`;

const GUARDED = Symbol.for("kaya.cache.tagExpiryGuarded");

/**
 * Makes a tag manifest (Next's, shared by its page cache and its "use cache" handler in a process)
 * keep the rule on every write, whichever of Next's handlers writes it.
 * @param {Map<string, { expired?: number; stale?: number }>} manifest
 */
export function guardTagManifest(manifest) {
  const guarded = /** @type {Record<symbol, boolean>} */ (/** @type {unknown} */ (manifest));
  if (guarded[GUARDED]) return;
  guarded[GUARDED] = true;
  const set = manifest.set.bind(manifest);
  manifest.set = (tag, entry) => {
    const expired = mergedExpiry(manifest.get(tag)?.expired, entry?.expired, Date.now());
    return set(tag, expired === undefined ? entry : { ...entry, expired });
  };
}
