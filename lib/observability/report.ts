import { loadBrowserSentry } from "./client";

export type ErrorContext = {
  /** Which error page caught it: the app's error boundary or the root's global one. */
  boundary?: "page" | "global";
};

/**
 * Reports an error that an error page caught. With a DSN the browser's Sentry SDK is loaded (if
 * it is not already) and the error sent with the digest Next gave it, which ties it to the
 * server's own report of the same error; without a DSN nothing is loaded or sent.
 * Resolves true when the error was handed to Sentry.
 */
export async function reportError(error: unknown, context: ErrorContext = {}): Promise<boolean> {
  const sentry = await loadBrowserSentry();
  if (!sentry) return false;
  const digest = (error as { digest?: unknown } | null)?.digest;
  sentry.captureException(error, {
    tags: { boundary: context.boundary, ...(typeof digest === "string" ? { digest } : {}) },
  });
  return true;
}
