import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orderLines, orders, paymentEvents, type Order, type OrderStatus } from "@/lib/db/schema";
import type { PaymentMethod } from "@/lib/payments/methods";
import { releaseStock, reserveStock } from "@/lib/orders/stock";
import { changeStatus } from "@/lib/orders/history";
import { holdsStock, isPayable, isUnpaid } from "@/lib/orders/statuses";
import type { PaymentOutcome } from "@/lib/payments/types";
import { log } from "@/lib/observability/log";

export type OutcomeInput = {
  orderId: number;
  provider: PaymentMethod;
  /** The provider's id for this payment (pf_payment_id, Ozow TransactionId, PayJustNow token…). */
  providerReference: string;
  outcome: PaymentOutcome;
  amountCents: number;
  payload?: Record<string, unknown>;
  /** A member of staff who recorded the payment by hand (a bank transfer seen in the account). */
  staffId?: number;
  note?: string;
};

export type OutcomeResult =
  | { applied: true; order: Order; from: OrderStatus }
  | {
      applied: false;
      order: Order | null;
      reason: "duplicate" | "unknown_order" | "amount_mismatch" | "no_change" | "attempt_ended";
    };

/**
 * Acts on a provider's verified message, once. The order row is locked, the event is recorded
 * under a unique (provider, reference, status) key so a replay changes nothing, and only a
 * message whose amount equals the order total can mark it paid. Called by the notification
 * handlers after they have checked the provider's signature; never from a browser return.
 */
export async function recordPaymentOutcome(db: Db, input: OutcomeInput): Promise<OutcomeResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) return { applied: false, order: null, reason: "unknown_order" } as const;
    if (input.outcome === "paid" && input.amountCents !== order.totalCents) {
      return { applied: false, order, reason: "amount_mismatch" } as const;
    }
    const inserted = await tx
      .insert(paymentEvents)
      .values({
        orderId: order.id,
        provider: input.provider,
        providerReference: input.providerReference,
        status: input.outcome,
        amountCents: input.amountCents,
        payload: input.payload ?? {},
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (inserted.length === 0) return { applied: false, order, reason: "duplicate" } as const;

    const next = nextStatus(order, input.outcome);
    if (!next) {
      if (input.outcome === "paid" && order.paidAt) {
        // A second payment for one order (an older attempt paid late, or twice at the gateway):
        // the order stays paid once, and staff see the event to refund it.
        log.warn("payments", `order ${order.number} was paid again by ${input.provider} ${input.providerReference}`);
      }
      const ended = order.status === "pending" && (input.outcome === "failed" || input.outcome === "cancelled");
      return { applied: false, order, reason: ended ? "attempt_ended" : "no_change" } as const;
    }
    let status = next;
    // A payment for an order that holds no stock must take the stock again; if it is gone, staff
    // decide (on-hold) rather than the shop overselling.
    if (status === "processing" && !holdsStock(order)) {
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      try {
        await tx.transaction(async (inner) =>
          reserveStock(
            inner,
            lines
              .filter((l) => l.productId !== null)
              .map((l) => ({
                productId: l.productId!,
                variationId: l.variationId,
                quantity: l.quantity,
                label: l.name,
              })),
          ),
        );
      } catch {
        status = "on-hold";
      }
    }
    if ((status === "failed" || status === "cancelled") && holdsStock(order)) await releaseStock(tx, order.id);
    const by = { staffId: input.staffId, note: input.note ?? `${input.provider}: ${input.outcome}` };
    const updated = await changeStatus(tx, order, status, by, {
      paidAt: input.outcome === "paid" ? new Date() : order.paidAt,
      // The shopper may have switched methods since this attempt: the order says what paid it.
      ...(input.outcome === "paid" ? { paymentMethod: input.provider } : {}),
    });
    return { applied: true, order: updated, from: order.status } as const;
  });
}

/**
 * WooCommerce's moves (but for an attempt that ends while the order is pending): what a provider
 * outcome does to an order in each status, or null for nothing.
 */
export function nextStatus(order: Pick<Order, "status" | "paidAt">, outcome: PaymentOutcome): OrderStatus | null {
  switch (outcome) {
    case "paid":
      return isPayable(order.status) ? "processing" : null;
    case "on-hold":
      return order.status === "pending" ? "on-hold" : null;
    // A pending order outlives one failed or cancelled attempt: it keeps its stock so the
    // shopper can try again (or go back to the cart), until the expiry job cancels it. An order
    // already paid is not failed by another attempt's end.
    case "failed":
      return order.status === "on-hold" && isUnpaid(order) ? "failed" : null;
    case "cancelled":
      return order.status === "on-hold" && isUnpaid(order) ? "cancelled" : null;
  }
}
