/**
 * Runs once when a server starts.
 * - Errors Next logs itself (a page that failed to render) are written as one line without the
 *   query parameters and personal data they may carry.
 * - The whole configuration is checked first: a bad value stops the server, every problem named.
 * - On the embedded database, the server takes the data folder's lock first and stops, naming
 *   the holder, when another live process has it (two processes on one folder lose writes);
 *   then, while that database is empty, fills it with the demo catalogue.
 * - A production server refuses to start while a payment method would take "payments" through
 *   the shop's local test stand-ins (no real money moves there), unless PAYMENTS_ALLOW_STANDINS=1
 *   says this is a demo or the e2e suite.
 * - Every server process runs the job that cancels orders left unpaid for 60 minutes and puts
 *   their stock back (the database's row locks keep several processes from clashing).
 * - server.mjs drains the process on SIGTERM; the steps it runs after the last request (stop the
 *   expiry job, finish delivering the e-mail of the last calls, close the database) and how long
 *   it may take are registered here.
 * - Error reporting (Sentry) starts in the Node and edge runtimes when SENTRY_DSN or
 *   NEXT_PUBLIC_SENTRY_DSN is set; without one the SDK is never loaded. `onRequestError` sends
 *   server errors (rendering, route handlers, actions, proxy) to it.
 *
 * NEXT_RUNTIME is not a setting: Next writes "nodejs" or "edge" into each bundle in its place, so
 * the edge bundle drops the Node-only branches (a check read from a module would keep them).
 */
import type { Instrumentation } from "next";
import { duringBuild } from "@/lib/config/build";

export async function register() {
  if (duringBuild()) return;
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { scrubConsoleErrors } = await import("@/lib/observability/log");
    scrubConsoleErrors();
    const { refuseBadConfiguration } = await import("@/lib/config/start");
    refuseBadConfiguration();
    const { holdEmbeddedDatabase, migratePostgresOnStart, seedEmbeddedDatabase } = await import("@/lib/db/startup");
    holdEmbeddedDatabase();
    await migratePostgresOnStart();
    await seedEmbeddedDatabase();
  }
  const { startServerErrorReporting } = await import("@/lib/observability/server");
  await startServerErrorReporting();
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { serverEnv } = await import("@/lib/config/env");
  const [{ lifecycle, onShutdown }, { getDb, closeDb }] = await Promise.all([
    import("@/lib/ops/lifecycle"),
    import("@/lib/db/client"),
  ]);
  if (serverEnv().NODE_ENV === "production") {
    const { refuseUnsafePayments } = await import("@/lib/payments/startup");
    await refuseUnsafePayments(await getDb());
  }
  lifecycle().shutdownTimeoutMs = serverEnv().SHUTDOWN_TIMEOUT_MS;
  if (serverEnv().KAYA_ORDER_EXPIRY_JOB) {
    const { startExpiryJob, stopExpiryJob } = await import("@/lib/orders/expire");
    startExpiryJob(getDb);
    onShutdown("order expiry job", stopExpiryJob);
  }
  if (serverEnv().KAYA_PUBLISH_JOB) {
    const { startPublishingJob, stopPublishingJob } = await import("@/lib/admin/scheduled-publishing");
    startPublishingJob(getDb);
    onShutdown("scheduled publishing job", stopPublishingJob);
  }
  const { afterResponseSettled } = await import("@/lib/api/after-response");
  onShutdown("work after the last responses (their e-mail)", afterResponseSettled);
  onShutdown("database", closeDb);
}

export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  const { reportRequestError } = await import("@/lib/observability/server");
  await reportRequestError(...args);
};
