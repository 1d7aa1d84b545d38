/**
 * Runs in the browser before the shop's pages hydrate.
 *
 * Error reporting: with NEXT_PUBLIC_SENTRY_DSN set at build time, the Sentry SDK (errors, traces,
 * masked Session Replay; settings in lib/observability/config.ts) is loaded after the page has
 * loaded, when the browser is idle, so it never competes with the shop's own code; uncaught
 * errors from before then are kept and sent once it has started, and an error page that catches
 * an error loads it at once. Without a DSN none of this is in the bundle.
 */
import { holdEarlyErrors, loadBrowserSentry, startedBrowserSentry } from "@/lib/observability/client";
import { publicEnv } from "@/lib/config/public";

if (publicEnv().NEXT_PUBLIC_SENTRY_DSN) {
  holdEarlyErrors();
  const start = () => void loadBrowserSentry();
  const whenIdle = () =>
    "requestIdleCallback" in window ? window.requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 500);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

/** Client navigations become Sentry navigation traces (once the SDK has started). */
export function onRouterTransitionStart(href: string, navigationType: "push" | "replace" | "traverse"): void {
  if (publicEnv().NEXT_PUBLIC_SENTRY_DSN) startedBrowserSentry()?.captureRouterTransitionStart(href, navigationType);
}
