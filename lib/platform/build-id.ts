import { buildId } from "@/lib/config/build";

/** Set by next.config.ts at build time; the same value is baked into the client bundle. */
export const BUILD_ID = buildId() ?? "development";
