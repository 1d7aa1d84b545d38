import type { PaymentMethod } from "@/lib/payments/methods";

/*
 * What an order's status means, each set named by what it is for. Every rule that asks "does this
 * order hold stock", "may staff cancel it", "can a payment still mark it paid" reads it here, so
 * the cancel path, the back office and the payment notifications cannot answer differently.
 *
 * WooCommerce's statuses: pending -> processing | on-hold | failed | cancelled -> completed | refunded.
 */

export const ORDER_STATUSES = [
  "pending",
  "processing",
  "on-hold",
  "completed",
  "cancelled",
  "refunded",
  "failed",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The part of an order its status rules read: its status, and when it was paid (or whether). */
type StatusOf = { status: OrderStatus; paidAt: Date | string | boolean | null };

const among = (statuses: readonly OrderStatus[], status: OrderStatus) => statuses.includes(status);

/**
 * Unpaid: placed and holding its stock, no money yet. Pending waits for a gateway's word, on-hold
 * for a bank transfer (or a gateway's pending). An on-hold order with a payment is a paid order
 * staff must look at, not an unpaid one.
 */
export const UNPAID_STATUSES = ["pending", "on-hold"] as const satisfies readonly OrderStatus[];

export function isUnpaid(order: StatusOf): boolean {
  return !order.paidAt && among(UNPAID_STATUSES, order.status);
}

/** A bank transfer the shop is still waiting for: unpaid and on hold, to be paid into its account. */
export function isAwaitingTransfer(order: StatusOf & { paymentMethod: PaymentMethod }): boolean {
  return order.paymentMethod === "bank-transfer" && order.status === "on-hold" && isUnpaid(order);
}

/**
 * The statuses in which an order's items are taken out of stock and come back if it is cancelled:
 * from checkout until it is delivered (completed) or written off (refunded). Cancelled and failed
 * orders gave theirs back.
 */
export const STOCK_HOLDING_STATUSES = ["pending", "on-hold", "processing"] as const satisfies readonly OrderStatus[];

/**
 * Whether cancelling the order gives stock back. One on-hold order holds none: a payment that
 * arrived after its stock had gone back, when the stock could not be taken again (staff decide).
 */
export function holdsStock(order: StatusOf): boolean {
  if (order.status === "on-hold" && order.paidAt) return false;
  return among(STOCK_HOLDING_STATUSES, order.status);
}

/** A payment confirmed for an order in these statuses makes it processing (taking its stock again if it gave it back). */
export const PAYABLE_STATUSES = ["pending", "on-hold", "failed", "cancelled"] as const satisfies readonly OrderStatus[];

export function isPayable(status: OrderStatus): boolean {
  return among(PAYABLE_STATUSES, status);
}

/** Staff may cancel an order not yet delivered or closed (and not yet dispatched: see the action). */
export const CANCELLABLE_STATUSES = ["pending", "on-hold", "processing"] as const satisfies readonly OrderStatus[];

export function isCancellable(status: OrderStatus): boolean {
  return among(CANCELLABLE_STATUSES, status);
}

/** A paid order in these statuses may have money paid back. */
export const REFUNDABLE_STATUSES = ["processing", "completed", "cancelled"] as const satisfies readonly OrderStatus[];

export function isRefundable(order: StatusOf): boolean {
  return Boolean(order.paidAt) && among(REFUNDABLE_STATUSES, order.status);
}

/** Bought and kept: paid for, and neither cancelled nor refunded (revenue, a verified buyer). */
export const BOUGHT_STATUSES = ["processing", "completed"] as const satisfies readonly OrderStatus[];
