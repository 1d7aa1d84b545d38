import "server-only";
import type { Db } from "@/lib/db/client";
import type { OutcomeResult } from "@/lib/orders/payment-outcome";
import { onOrderStatusChanged } from "@/lib/orders/events";

/**
 * What follows a provider's message once it has changed an order: stock on the catalogue pages
 * and the customer's e-mail. Notification handlers call this after recordPaymentOutcome.
 */
export async function afterPaymentOutcome(db: Db, result: OutcomeResult): Promise<void> {
  if (!result.applied) return;
  await onOrderStatusChanged(db, result.order, result.from);
}
