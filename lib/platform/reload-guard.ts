/**
 * A failed dynamic chunk load (a deploy replaced the files) reloads the page, at most once per
 * 10 seconds per path, so a truly broken chunk cannot loop.
 */
import { STORAGE_KEY } from "@/lib/http/cookie-names";

export const RELOAD_GUARD_MS = 10_000;

type Store = Pick<Storage, "getItem" | "setItem">;

export function isChunkLoadError(reason: unknown): boolean {
  const e = reason as { name?: string; message?: string } | null;
  const text = `${e?.name ?? ""} ${e?.message ?? String(reason ?? "")}`;
  return /ChunkLoadError|Loading chunk [\w-]+ failed|Failed to load chunk |Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
    text,
  );
}

/** True (and remembered) when this path may reload now; false within 10 s of its last reload. */
export function mayReload(path: string, store: Store, now = Date.now()): boolean {
  const key = `${STORAGE_KEY.reloadPrefix}${path}`;
  const last = Number(store.getItem(key) ?? 0);
  if (last && now - last < RELOAD_GUARD_MS) return false;
  store.setItem(key, String(now));
  return true;
}

type ReloadTarget = { location: Pick<Location, "pathname" | "reload">; sessionStorage: Store };

/**
 * After a failed chunk load, reloads the page unless this path reloaded in the last 10 seconds;
 * true when it reloads. The window's error events reach it (platform-client.tsx), and so do the
 * error pages, which catch a lazily loaded component's failure before the window sees it.
 */
export function reloadAfterChunkError(reason: unknown, win: ReloadTarget = window): boolean {
  if (!isChunkLoadError(reason) || !mayReload(win.location.pathname, win.sessionStorage)) return false;
  win.location.reload();
  return true;
}
