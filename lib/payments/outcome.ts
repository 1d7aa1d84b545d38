import "server-only";
import type { Db } from "@/lib/db/client";
import { afterPaymentOutcome } from "@/lib/orders/after-payment";
import { recordPaymentOutcome, type OutcomeInput, type OutcomeResult } from "@/lib/orders/payment-outcome";
import { log } from "@/lib/observability/log";

/**
 * Records a verified provider message and then runs what follows a change (stock pages, e-mail).
 * The record is the payment's truth: a failure after it is logged, never sent back to the
 * provider as a failure (it would retry a payment that is already booked).
 */
export async function applyOutcome(db: Db, input: OutcomeInput): Promise<OutcomeResult> {
  const result = await recordPaymentOutcome(db, input);
  try {
    await afterPaymentOutcome(db, result);
  } catch (err) {
    log.error("payments", `${input.provider} order ${input.orderId}: follow-up of "${input.outcome}" failed`, err);
  }
  return result;
}
