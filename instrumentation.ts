/**
 * Runs once when a server starts.
 * - A production server refuses to start while a payment method would take "payments" through
 *   the shop's local test stand-ins (no real money moves there), unless PAYMENTS_ALLOW_STANDINS=1
 *   says this is a demo or the e2e suite.
 * - Every server process runs the job that cancels orders left unpaid for 60 minutes and puts
 *   their stock back (the database's row locks keep several processes from clashing).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  if (process.env.NODE_ENV === "production") {
    const { refuseUnsafePayments } = await import("@/lib/payments/startup");
    refuseUnsafePayments();
  }
  if (process.env.KAYA_ORDER_EXPIRY_JOB !== "0") {
    const [{ startExpiryJob }, { getDb }] = await Promise.all([import("@/lib/orders/expire"), import("@/lib/db/client")]);
    startExpiryJob(getDb);
  }
}
