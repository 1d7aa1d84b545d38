/** The page cache next.config.ts loads when REDIS_URL is set (incremental-handler.mjs). */
import { createRedisIncrementalCache } from "./incremental-handler.mjs";

const url = process.env.REDIS_URL;
if (!url) throw new Error("The shared cache is configured only when REDIS_URL is set");

export default createRedisIncrementalCache({ url });
