/**
 * Runs once when a server starts. A production server refuses to start while a payment method
 * would take "payments" through the shop's local test stand-ins (no real money moves there),
 * unless PAYMENTS_ALLOW_STANDINS=1 says this is a demo or the e2e suite.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NODE_ENV !== "production") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { refuseUnsafePayments } = await import("@/lib/payments/startup");
  refuseUnsafePayments();
}
