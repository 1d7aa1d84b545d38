/** Set by next.config.ts at build time; the same value is baked into the client bundle. */
export const BUILD_ID = process.env.NEXT_PUBLIC_BUILD_ID ?? "development";
