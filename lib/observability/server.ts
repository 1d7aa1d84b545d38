import type { Instrumentation } from "next";
import { serverOptions } from "./config";
import { log } from "@/lib/observability/log";
import { serverEnv } from "@/lib/config/env";
import { publicEnv } from "@/lib/config/public";

/**
 * Sentry on the Node server and the edge runtime, started from instrumentation.ts. Without
 * SENTRY_DSN (or NEXT_PUBLIC_SENTRY_DSN) the SDK is never imported and nothing is sent.
 */
type ServerSentry = Pick<typeof import("@sentry/nextjs"), "init" | "captureRequestError" | "withScope">;

let started: Promise<ServerSentry | null> | undefined;

/** The server's DSN: its own SENTRY_DSN, else the one the browser bundle was built with. */
export function serverDsn(): string | undefined {
  return serverEnv().SENTRY_DSN ?? publicEnv().NEXT_PUBLIC_SENTRY_DSN;
}

/** Starts Sentry in this server process, once. Resolves false (loading nothing) without a DSN. */
export async function startServerErrorReporting(
  load: () => Promise<ServerSentry> = () => import("@sentry/nextjs"),
): Promise<boolean> {
  const dsn = serverDsn();
  if (!dsn) return false;
  started ??= load().then(
    (sentry) => {
      sentry.init(serverOptions(dsn, serverEnv().SITE_URL));
      return sentry;
    },
    (error: unknown) => {
      // The shop serves on; the operator sees why errors are not reported.
      log.error("sentry", "error reporting is configured (SENTRY_DSN) but the Sentry SDK failed to load", error);
      return null;
    },
  );
  return (await started) !== null;
}

/**
 * Next's onRequestError hook: server errors (render, route handler, action, proxy) go to Sentry,
 * tagged with the digest the error page shows the shopper ("Reference: …") and the browser's
 * report of the same error carries, and with the request's id (server.mjs's X-Request-Id), which
 * the log lines of that request carry.
 */
export async function reportRequestError(...args: Parameters<Instrumentation.onRequestError>): Promise<void> {
  if (!started) return;
  const sentry = await started;
  if (!sentry) return;
  const digest = (args[0] as { digest?: unknown } | null)?.digest;
  const requestId = args[1]?.headers?.["x-request-id"];
  sentry.withScope((scope) => {
    if (typeof digest === "string") scope.setTag("digest", digest);
    if (typeof requestId === "string") scope.setTag("request_id", requestId);
    sentry.captureRequestError(...args);
  });
}
