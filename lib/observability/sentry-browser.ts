import { captureException, captureRouterTransitionStart, init, replayIntegration } from "@sentry/nextjs";
import { browserOptions, REPLAY_PRIVACY } from "./config";

/**
 * The browser's Sentry SDK. Only `./client` imports this module, dynamically and only when a DSN
 * is configured, so a build without one never ships it.
 */
export function start(dsn: string): void {
  init(browserOptions(dsn, undefined, [replayIntegration({ ...REPLAY_PRIVACY })]));
}

export { captureException, captureRouterTransitionStart };
