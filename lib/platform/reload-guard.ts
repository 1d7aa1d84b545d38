/**
 * A failed dynamic chunk load (a deploy replaced the files) reloads the page, at most once per
 * 10 seconds per path (SPEC section 8), so a truly broken chunk cannot loop.
 */
export const RELOAD_GUARD_MS = 10_000;

type Store = Pick<Storage, "getItem" | "setItem">;

export function isChunkLoadError(reason: unknown): boolean {
  const e = reason as { name?: string; message?: string } | null;
  const text = `${e?.name ?? ""} ${e?.message ?? String(reason ?? "")}`;
  return /ChunkLoadError|Loading chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(text);
}

/** True (and remembered) when this path may reload now; false within 10 s of its last reload. */
export function mayReload(path: string, store: Store, now = Date.now()): boolean {
  const key = `kaya_reload:${path}`;
  const last = Number(store.getItem(key) ?? 0);
  if (last && now - last < RELOAD_GUARD_MS) return false;
  store.setItem(key, String(now));
  return true;
}
