import { importBrowserSentry } from "@/lib/config/browser-sentry";
import { publicEnv } from "@/lib/config/public";

/**
 * Loads and starts the browser's Sentry SDK on first use, once. Without NEXT_PUBLIC_SENTRY_DSN
 * (fixed into the bundle when the shop is built) it answers null and loads nothing.
 */
export type BrowserSentry = typeof import("./sentry-browser");

let loading: Promise<BrowserSentry | null> | undefined;
let loaded: BrowserSentry | null = null;

/** Uncaught errors from before the SDK started, sent once it has (a page's first few only). */
const EARLY_LIMIT = 10;
const early: unknown[] = [];
const onEarlyError = (e: ErrorEvent) => void (early.length < EARLY_LIMIT && early.push(e.error ?? e.message));
const onEarlyRejection = (e: PromiseRejectionEvent) => void (early.length < EARLY_LIMIT && early.push(e.reason));

/** Keeps uncaught errors until the SDK has started (it is loaded late, when the browser is idle). */
export function holdEarlyErrors(): void {
  if (loaded) return;
  window.addEventListener("error", onEarlyError);
  window.addEventListener("unhandledrejection", onEarlyRejection);
}

function releaseEarlyErrors(sentry: BrowserSentry | null): void {
  if (typeof window === "undefined") return;
  window.removeEventListener("error", onEarlyError);
  window.removeEventListener("unhandledrejection", onEarlyRejection);
  for (const error of early.splice(0)) sentry?.captureException(error, { tags: { early: true } });
}

export function loadBrowserSentry(): Promise<BrowserSentry | null> {
  if (loading) return loading;
  const dsn = publicEnv().NEXT_PUBLIC_SENTRY_DSN;
  const sdk = dsn ? importBrowserSentry() : null;
  if (!dsn || !sdk) return Promise.resolve(null);
  loading = sdk.then(
    (sentry) => {
      sentry.start(dsn);
      loaded = sentry;
      releaseEarlyErrors(sentry);
      return sentry;
    },
    // Blocked or failed to load: the shop works on without error reporting.
    () => {
      releaseEarlyErrors(null);
      return null;
    },
  );
  return loading;
}

/** The SDK if it has already started (for synchronous hooks such as router transitions). */
export function startedBrowserSentry(): BrowserSentry | null {
  return loaded;
}
