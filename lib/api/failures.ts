import { ApiError } from "@/lib/api/errors";

/**
 * Failures that mean "the database cannot be reached right now" (a PostgreSQL restart or
 * failover, a dropped connection, a full or timed-out pool, the embedded database closed while
 * the process stops). A call that meets one gets a 503 with Retry-After, which browsers' clients,
 * API clients and load balancers know to retry, instead of a 500 that says the shop is broken.
 */
export const RETRY_AFTER_SECONDS = 2;

const UNREACHABLE_CODES = new Set([
  // The connection itself.
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  // PostgreSQL: shutting down, starting up, in recovery, or the connection gone.
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "53300",
]);

const UNREACHABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
  /PGlite is closed/i,
];

/** Whether the error, or any error it wraps (drizzle wraps the driver's), says the database is out of reach. */
export function isDatabaseUnreachable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const pending = [err];
  while (pending.length) {
    const e = pending.pop();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string" && UNREACHABLE_CODES.has(code)) return true;
    if (typeof message === "string" && UNREACHABLE_MESSAGES.some((m) => m.test(message))) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

/** The 503 for a call that met an unreachable database, or null for any other failure. */
export function unavailableFailure(err: unknown): ApiError | null {
  if (!isDatabaseUnreachable(err)) return null;
  return new ApiError(503, "unavailable", "The shop is busy for a moment. Please try again.", {
    retryAfter: RETRY_AFTER_SECONDS,
  });
}
