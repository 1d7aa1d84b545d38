import { serverEnv } from "@/lib/config/env";
import { ConfigError } from "@/lib/config/problems";
import { log } from "@/lib/observability/log";

/**
 * A server's first check (instrumentation.ts): the whole configuration, before anything reads a
 * part of it. Every problem is logged at once, one line each, and the process ends: throwing
 * alone is not enough, since Next logs a failed hook and keeps serving 500s.
 */
export function refuseBadConfiguration(exit: (code: number) => void = (code) => process.exit(code)): void {
  try {
    serverEnv();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    log.error(
      "config",
      `refusing to start: ${err.problems.length === 1 ? "1 setting is" : `${err.problems.length} settings are`} not valid (see .env.example)`,
    );
    for (const problem of err.problems) log.error("config", `${problem.variable}: ${problem.message}`);
    setImmediate(() => exit(1));
    throw err;
  }
}
