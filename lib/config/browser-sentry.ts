/**
 * The browser's Sentry SDK, or null when the build has no DSN. The test and the import share this
 * module on purpose: Next writes the DSN into the bundle in place of the expression, and only then
 * does the bundler drop the SDK's chunk from a build without one.
 */
export function importBrowserSentry(): Promise<typeof import("@/lib/observability/sentry-browser")> | null {
  if (process.env.NEXT_PUBLIC_SENTRY_DSN) return import("@/lib/observability/sentry-browser");
  return null;
}
