"use client";

import { useCallback, useEffect, useSyncExternalStore } from "react";

/*
 * The browser's shared answers, one per key (an API address): what the cart hook and the reviews
 * need of a data-fetching library, in a few lines instead of one shipped to every page. Components
 * reading the same key share one answer and one request; a change shows at once (optimistic data)
 * and then settles to the server's answer, or rolls back when the server refuses it. A request
 * started before a change is made is not allowed to overwrite that change.
 */

type Fetcher<T> = (key: string) => Promise<T>;

type Entry = {
  data?: unknown;
  error?: unknown;
  /** The last answer the server confirmed, for a rollback under optimistic data. */
  committed?: unknown;
  /** The request on its way, shared by everyone asking meanwhile (until a change is made). */
  inFlight?: Promise<unknown>;
  inFlightChanges?: number;
  startedAt: number;
  /** Counts changes: an answer to a request made before the latest change is dropped. */
  changes: number;
};

const entries = new Map<string, Entry>();
const listeners = new Map<string, Set<() => void>>();
const fetchers = new Map<string, { fetcher: Fetcher<unknown>; users: number }>();

function entry(key: string): Entry {
  let e = entries.get(key);
  if (!e) entries.set(key, (e = { startedAt: 0, changes: 0 }));
  return e;
}

function notify(key: string) {
  for (const listener of listeners.get(key) ?? []) listener();
}

function write(key: string, patch: Partial<Entry>) {
  entries.set(key, { ...entry(key), ...patch });
  notify(key);
}

/** What is held for `key` (the server's last answer, or a change on its way). */
export function sharedData<T>(key: string): T | undefined {
  return entries.get(key)?.data as T | undefined;
}

/** Forgets every answer (a test's fresh page). */
export function resetSharedData(): void {
  entries.clear();
  for (const key of listeners.keys()) notify(key);
}

/**
 * Asks again, with the fetcher of a component showing `key` (none shown: nothing is asked).
 * A request already on its way, or made less than `dedupeMs` ago, is shared instead.
 */
export function revalidate<T>(key: string, dedupeMs = 0): Promise<T | undefined> {
  const e = entry(key);
  if (e.inFlight && e.inFlightChanges === e.changes) return e.inFlight as Promise<T | undefined>;
  const f = fetchers.get(key)?.fetcher;
  if (!f || (dedupeMs > 0 && Date.now() - e.startedAt < dedupeMs)) return Promise.resolve(e.data as T | undefined);
  const changes = e.changes;
  const request = f(key).then(
    (data) => {
      // A change made meanwhile is newer than this answer.
      if (entry(key).changes === changes) write(key, { data, committed: data, error: undefined });
      return entry(key).data as T;
    },
    (error: unknown) => {
      if (entry(key).changes === changes) write(key, { error });
      throw error;
    },
  );
  const shared = request.finally(() => {
    if (entry(key).inFlight === shared) entries.set(key, { ...entry(key), inFlight: undefined });
  });
  entries.set(key, { ...e, inFlight: shared, inFlightChanges: changes, startedAt: Date.now() });
  return shared;
}

type Change<T> = {
  /** What to show while the server answers, from what is shown now. */
  optimisticData?: (current: T | undefined) => T;
  rollbackOnError?: boolean;
  /** Ask the server again afterwards. */
  revalidate?: boolean;
};

/**
 * Changes what `key` shows: to `value` (an answer on its way, or the data itself), and with
 * `revalidate` asks again afterwards. Only the latest change writes its answer: the writes are made
 * in turn, so it is the one with every earlier change in it. Refused: back to the last confirmed
 * answer (`rollbackOnError`), and the error is thrown.
 */
export function mutate<T>(
  key: string,
  value: Promise<T> | T,
  { optimisticData, rollbackOnError = true, revalidate: again = false }: Change<T> = {},
): Promise<T | undefined> {
  const before = entry(key);
  const changes = before.changes + 1;
  const committed = "committed" in before ? before.committed : before.data;
  entries.set(key, { ...before, changes });
  const settle = async (data: T): Promise<T> => {
    if (again) await revalidate<T>(key).catch(() => undefined);
    return data;
  };
  if (!(value instanceof Promise)) {
    // The data itself: shown at once.
    write(key, { data: value, committed: value, error: undefined });
    return settle(value);
  }
  if (optimisticData) write(key, { data: optimisticData(before.data as T | undefined), committed });
  return value.then(
    (data) => {
      if (entry(key).changes !== changes) return data;
      write(key, { data, committed: data, error: undefined });
      return settle(data);
    },
    (error: unknown) => {
      if (entry(key).changes === changes && rollbackOnError) write(key, { data: committed });
      throw error;
    },
  );
}

export type SharedDataOptions<T> = {
  /** Shown until there is an answer (not stored). */
  fallbackData?: T;
  /** Ask when a component first shows the key and nothing is held yet (default true). */
  fetchOnMount?: boolean;
  /** Ask again when the shopper comes back to the tab. */
  revalidateOnFocus?: boolean;
  /** Ask again this often while shown. */
  refreshInterval?: number;
  /** Share a request made this recently (default 2 s). */
  dedupeMs?: number;
  onError?: (error: unknown) => void;
};

const FOCUS_THROTTLE_MS = 5_000;
const RETRIES = [5_000, 10_000, 20_000];

/** The shared answer for `key` (`null`: nothing is read), asked for with `fetcher`. */
export function useSharedData<T>(key: string | null, fetcher: Fetcher<T>, options: SharedDataOptions<T> = {}) {
  const {
    fallbackData,
    fetchOnMount = true,
    revalidateOnFocus = false,
    refreshInterval = 0,
    dedupeMs = 2_000,
  } = options;
  const onError = options.onError;
  const subscribe = useCallback(
    (listener: () => void) => {
      if (key === null) return () => {};
      const set = listeners.get(key) ?? new Set();
      listeners.set(key, set.add(listener));
      return () => {
        set.delete(listener);
      };
    },
    [key],
  );
  const snapshot = () => (key === null ? undefined : entries.get(key));
  const current = useSyncExternalStore(subscribe, snapshot, () => undefined);

  useEffect(() => {
    if (key === null) return;
    const user = fetchers.get(key);
    fetchers.set(key, { fetcher: fetcher as Fetcher<unknown>, users: (user?.users ?? 0) + 1 });
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const ask = (attempt = 0, dedupe = dedupeMs) =>
      revalidate<T>(key, dedupe).catch((error: unknown) => {
        if (!live) return;
        onError?.(error);
        const wait = RETRIES[attempt];
        if (wait !== undefined) retry = setTimeout(() => live && void ask(attempt + 1, 0), wait);
      });
    if (fetchOnMount && entry(key).data === undefined) void ask();
    let lastFocus = Date.now();
    const onFocus = () => {
      if (document.visibilityState !== "visible" || Date.now() - lastFocus < FOCUS_THROTTLE_MS) return;
      lastFocus = Date.now();
      void ask();
    };
    if (revalidateOnFocus) {
      window.addEventListener("focus", onFocus);
      document.addEventListener("visibilitychange", onFocus);
    }
    const timer = refreshInterval > 0 ? setInterval(() => void ask(), refreshInterval) : undefined;
    return () => {
      live = false;
      clearTimeout(retry);
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onFocus);
      const left = (fetchers.get(key)?.users ?? 1) - 1;
      if (left > 0) fetchers.set(key, { fetcher: fetchers.get(key)!.fetcher, users: left });
      else fetchers.delete(key);
    };
    // The fetcher and the options are read when the key is first shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const change = useCallback(
    (value?: T, opts?: { revalidate?: boolean }) =>
      key === null
        ? Promise.resolve(undefined)
        : value === undefined
          ? revalidate<T>(key).catch(() => undefined)
          : mutate<T>(key, value, { revalidate: opts?.revalidate }),
    [key],
  );
  const data = (current?.data as T | undefined) ?? fallbackData;
  return { data, error: current?.error, mutate: change };
}
