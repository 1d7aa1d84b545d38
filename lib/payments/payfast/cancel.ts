import "server-only";
import type { Db } from "@/lib/db/client";
import type { Order } from "@/lib/db/schema";
import { safeEqual } from "@/lib/payments/crypto";
import { findOrder } from "@/lib/payments/orders";
import { applyOutcome } from "@/lib/payments/outcome";

export const PAYFAST_CANCEL_PATH = "/api/payments/payfast/cancel";

/** Where PayFast sends a shopper who cancels: the order, its key and the attempt cancelled. */
export function payfastCancelUrl(base: string, order: Pick<Order, "id" | "orderKey">, attempt: string): string {
  const q = new URLSearchParams({ order: String(order.id), key: order.orderKey, attempt });
  return `${base}${PAYFAST_CANCEL_PATH}?${q.toString()}`;
}

/**
 * A shopper back through PayFast's cancel_url. Only the holder of the order's key can say so,
 * only for the order's current PayFast attempt, and only while the order is unpaid: it records
 * the attempt as cancelled and changes nothing else (it can never mark anything paid). Returns
 * the order to show, or null for a link that names no order of this key.
 */
export async function handlePayfastCancel(
  db: Db,
  q: { order: string; key: string; attempt: string },
): Promise<Order | null> {
  if (!/^\d{1,10}$/.test(q.order) || !q.key || q.key.length > 200 || q.attempt.length > 200) return null;
  const order = await findOrder(db, Number(q.order));
  if (!order || !safeEqual(q.key, order.orderKey)) return null;
  const current =
    order.paymentMethod === "payfast" && !order.paidAt && order.status === "pending" && q.attempt
      ? order.paymentReference === q.attempt
      : false;
  if (!current) return order;
  const result = await applyOutcome(db, {
    orderId: order.id,
    provider: "payfast",
    providerReference: q.attempt,
    outcome: "cancelled",
    amountCents: order.totalCents,
    payload: { via: "cancel_url", attempt: q.attempt },
  });
  return result.order ?? order;
}
