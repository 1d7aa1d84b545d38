import type { BrowserOptions, NodeOptions } from "@sentry/nextjs";
import { SITE } from "@/lib/config/site";
import { buildId } from "@/lib/config/build";
import { DATA_COLLECTION, filterSpanQueries, type Integration, queryFilterIntegration } from "./privacy";

/**
 * Error reporting settings, shared by the browser, the Node server and the edge
 * runtime. Nothing here imports the Sentry SDK: the callers load it only when a DSN is configured.
 */

/** One request in five is traced. */
export const TRACES_SAMPLE_RATE = 0.2;

/** Session Replay records every session, and every session with an error. */
export const REPLAY_SAMPLE_RATES = { replaysSessionSampleRate: 1.0, replaysOnErrorSampleRate: 1.0 } as const;

/** What a replay may show: no text, no input values, no images or video. */
export const REPLAY_PRIVACY = { maskAllText: true, maskAllInputs: true, blockAllMedia: true } as const;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** `origin` itself, followed by a path, query, fragment or nothing (so not `origin.evil.example`). */
function originPattern(origin: string): RegExp {
  return new RegExp(`^${escapeRegExp(origin)}(?:[/?#]|$)`, "i");
}

/** Any port on localhost, over http or https. */
const LOCALHOST = /^https?:\/\/localhost(?::\d+)?(?:[/?#]|$)/i;

/**
 * Which outgoing requests carry the trace headers (sentry-trace, baggage): localhost and the
 * shop's own site, nothing else (payment gateways, maps and analytics never see them).
 */
export function tracePropagationTargets(siteUrl: string = SITE.canonicalUrl): RegExp[] {
  const targets = [LOCALHOST];
  try {
    const origin = new URL(siteUrl).origin;
    if (origin !== "null") targets.push(originPattern(origin));
  } catch {
    // A malformed site URL: trace to localhost only.
  }
  return targets;
}

/** Options shared by every runtime. */
function commonOptions(dsn: string, siteUrl: string) {
  return {
    dsn,
    // Query strings, cookies, bodies and the like stay home (./privacy).
    dataCollection: DATA_COLLECTION,
    beforeSendSpan: filterSpanQueries,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    tracePropagationTargets: tracePropagationTargets(siteUrl),
    // The build id names the release, the same in the browser and on the server.
    release: buildId(),
  };
}

/**
 * The browser's options. Session Replay is the caller's to add (with REPLAY_PRIVACY), so that
 * this module stays free of the SDK.
 */
export function browserOptions(
  dsn: string,
  siteUrl: string = SITE.canonicalUrl,
  integrations: Integration[] = [],
): BrowserOptions {
  return {
    ...commonOptions(dsn, siteUrl),
    ...REPLAY_SAMPLE_RATES,
    integrations: [queryFilterIntegration(), ...integrations],
  };
}

/** The Node server's and the edge runtime's options. */
export function serverOptions(dsn: string, siteUrl: string): NodeOptions {
  return { ...commonOptions(dsn, siteUrl), integrations: [queryFilterIntegration()] };
}
