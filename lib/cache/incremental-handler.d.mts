export type IncrementalCacheContext = {
  dev: boolean;
  fs: unknown;
  flushToDisk: boolean;
  serverDistDir: string;
  revalidatedTags: string[];
  maxMemoryCacheSize: number;
};
export type IncrementalEntry = {
  lastModified: number;
  value: { kind: string; html?: string; [k: string]: unknown } | null;
};
export interface BoundedIncrementalCache {
  get(key: string, ctx: Record<string, unknown>): Promise<IncrementalEntry | null>;
  set(key: string, data: Record<string, unknown> | null, ctx: Record<string, unknown>): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
}
export function createIncrementalCache(options: {
  maxDiskBytes: number;
  redis?: { url: string; prefix?: string };
}): new (ctx: IncrementalCacheContext) => BoundedIncrementalCache;
/** How long a page may take to render: one written this soon after a revalidation of its tags is rendered again. */
export const RENDER_MARGIN_MS: number;
