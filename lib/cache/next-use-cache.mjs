/** The "use cache" handler next.config.ts loads when REDIS_URL is set (use-cache-handler.mjs). */
import { cacheLimits } from "../config/cache.mjs";
import { createRedisUseCacheHandler } from "./use-cache-handler.mjs";

const url = process.env.REDIS_URL;
if (!url) throw new Error("The shared cache is configured only when REDIS_URL is set");

const { redisMaxEntries, redisTtlSeconds } = cacheLimits();
export default createRedisUseCacheHandler({ url, maxEntries: redisMaxEntries, maxTtlSeconds: redisTtlSeconds });
