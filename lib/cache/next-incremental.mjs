/**
 * The page cache next.config.ts loads (incremental-handler.mjs): bounded on disk, and with its tag
 * revalidations shared through Redis when REDIS_URL is set.
 */
import { cacheLimits } from "../config/cache.mjs";
import { createIncrementalCache } from "./incremental-handler.mjs";

const url = process.env.REDIS_URL;

export default createIncrementalCache({ maxDiskBytes: cacheLimits().diskBytes, redis: url ? { url } : undefined });
