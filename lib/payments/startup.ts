import { productionPaymentProblem } from "@/lib/payments/config";
import { log } from "@/lib/observability/log";
import { builtCheckoutFormOrigins } from "@/lib/config/build";

/**
 * A production server's first act (instrumentation.ts): stop when a payment method would go
 * through a test stand-in without PAYMENTS_ALLOW_STANDINS=1, or when the build's
 * Content-Security-Policy would block the checkout's payment forms. Throwing alone is not enough:
 * Next logs a failed hook and keeps serving 500s, so the process is also ended, to fail fast.
 */
export function refuseUnsafePayments(exit: (code: number) => void = (code) => process.exit(code)): void {
  const problem = productionPaymentProblem(builtCheckoutFormOrigins());
  if (!problem) return;
  log.error("payments", problem);
  setImmediate(() => exit(1));
  throw new Error(problem);
}
