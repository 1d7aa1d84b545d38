import { productionPaymentProblem } from "@/lib/payments/config";
import { paymentMethodStates } from "@/lib/payments/availability";
import { log } from "@/lib/observability/log";
import { builtCheckoutFormOrigins } from "@/lib/config/build";
import type { Db } from "@/lib/db/client";

/**
 * A production server's first act (instrumentation.ts): stop when no payment method is offered,
 * or when the build's Content-Security-Policy would block the checkout's payment forms; otherwise
 * say which methods are not offered and what each needs. Throwing alone is not enough: Next logs a
 * failed hook and keeps serving 500s, so the process is also ended, to fail fast.
 */
export async function refuseUnsafePayments(
  db: Db,
  exit: (code: number) => void = (code) => process.exit(code),
): Promise<void> {
  let problem: string | null;
  let states: Awaited<ReturnType<typeof paymentMethodStates>> = [];
  try {
    states = await paymentMethodStates(db);
    problem = productionPaymentProblem(states, builtCheckoutFormOrigins());
  } catch (err) {
    problem = err instanceof Error ? err.message : String(err);
  }
  if (!problem) {
    for (const s of states.filter((s) => !s.available))
      log.info("payments", `${s.label} is not offered: it needs ${s.needs}`);
    return;
  }
  log.error("payments", problem);
  setImmediate(() => exit(1));
  throw new Error(problem);
}
