import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import type { Order } from "@/lib/db/schema";
import type { OutcomeResult } from "@/lib/orders/payment-outcome";
import { attemptedWith, knownAttemptReference } from "@/lib/orders/payment-attempts";
import { findOrderBySecret } from "@/lib/payments/orders";
import { applyOutcome } from "@/lib/payments/outcome";
import type { PaymentOutcome } from "@/lib/payments/types";

export type PayJustNowCallback = { result: "confirmed" | "cancelled"; slug: string; token: string; status: string };
export type PayJustNowVerdict = { order: Order; outcome: PaymentOutcome; result: OutcomeResult };

/**
 * PayJustNow's callback. Nothing in it is signed, so it is believed only
 * when the secret slug names the order and the token is the one PayJustNow gave us for it; a
 * confirmation pays the order (once), a failure fails it, an order already paid stays paid.
 */
export async function handlePayJustNowCallback(db: Db, cb: PayJustNowCallback): Promise<PayJustNowVerdict> {
  const order = await findOrderBySecret(db, cb.slug);
  if (!order || !(await attemptedWith(db, order, "payjustnow")))
    throw new ApiError(404, "unknown_order", "No order has this payment link");
  if (!(await knownAttemptReference(db, order, "payjustnow", cb.token))) {
    throw new ApiError(403, "token_mismatch", "The payment token does not belong to this order");
  }
  if (cb.result === "confirmed" && cb.status && cb.status.toUpperCase() !== "SUCCESS") {
    throw new ApiError(400, "invalid_status", `A confirmation with status ${cb.status}`);
  }
  const outcome: PaymentOutcome = cb.result === "confirmed" ? "paid" : "failed";
  const result = await applyOutcome(db, {
    orderId: order.id,
    provider: "payjustnow",
    providerReference: cb.token,
    outcome,
    amountCents: order.totalCents,
    payload: {
      token: cb.token,
      status: cb.status || (cb.result === "confirmed" ? "SUCCESS" : "FAILED"),
      callback: cb.result,
    },
  });
  return { order: result.order ?? order, outcome, result };
}
