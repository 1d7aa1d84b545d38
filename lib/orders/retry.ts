import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { orders, type Order } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { safeEqual } from "@/lib/payments/crypto";
import { PAYMENT_METHODS, type PaymentMethod } from "@/lib/payments/methods";
import { providerFor } from "@/lib/payments/registry";
import { paymentOrderFor } from "@/lib/payments/orders";
import { awaitBankTransfer, bankTransferDetails } from "@/lib/payments/bank-transfer";
import { requireOffered } from "@/lib/payments/availability";
import type { PaymentStart } from "@/lib/payments/types";
import { serverEnv } from "@/lib/config/env";
import { payByFor } from "@/lib/orders/bank-transfer-hold";
import { orderValueRefusal } from "@/lib/orders/order-limits";
import { onOrderStatusChanged } from "@/lib/orders/events";
import { changeStatus } from "@/lib/orders/history";
import { sendOrderPlacedMail } from "@/lib/orders/mails";
import { orderPagePath, orderPageUrl } from "@/lib/orders/urls";
import { findAttempt, recordAttemptStart } from "@/lib/orders/payment-attempts";
import { handOff, HandOffFailed } from "@/lib/orders/place";
import { isAwaitingTransfer } from "@/lib/orders/statuses";
import { log } from "@/lib/observability/log";

/** The order page's "Try again": which order, with which method, under which idempotency key. */
export const retrySchema = z.object({
  order: z.coerce.number().int().positive().max(2_147_483_647),
  key: z.string().trim().max(200).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Reload the page and try again"),
});
export type RetryInput = z.infer<typeof retrySchema>;

export type Viewer = { customerId?: number | null; key?: string | null };

/** The order, for its owner or the holder of its key; anyone else is told it does not exist. */
export async function orderForOwner(db: Db, orderId: number, viewer: Viewer): Promise<Order> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  const owner = Boolean(order && viewer.customerId != null && order.customerId === viewer.customerId);
  const keyHolder = Boolean(order && viewer.key && safeEqual(viewer.key, order.orderKey));
  if (!order || (!owner && !keyHolder)) throw new ApiError(404, "order_not_found", "Order not found");
  return order;
}

/** Why an order can no longer be paid for again, in the shopper's words. */
function closedError(order: Order): ApiError {
  const message = order.paidAt
    ? "This order is already paid: there is nothing more to pay."
    : order.status === "on-hold"
      ? "This order is already waiting for your bank transfer: pay into the account on this page, or choose another payment method."
      : "This order was cancelled and its items went back into stock. Please place a new order from your cart.";
  return new ApiError(409, "order_closed", message, { status: order.status });
}

export type Retried = { order: Order; next: PaymentStart; order_url: string; replay: boolean };

/**
 * Starts a new payment attempt for an unpaid order that is still pending (its stock still
 * held), with the same or another method. A repeated call with the same idempotency key
 * starts nothing new and answers with the same hand-off. A message that still arrives about an
 * earlier attempt is handled as before: a payment pays the order once, a later one for an order
 * already paid changes nothing and is logged for staff to refund.
 */
export async function retryPayment(db: Db, input: RetryInput, viewer: Viewer): Promise<Retried> {
  const found = await orderForOwner(db, input.order, viewer);
  await requireOffered(db, input.paymentMethod);
  const attempt = `o${found.id}-r-${input.idempotencyKey}`;
  const earlier = await findAttempt(db, found.id, input.paymentMethod, attempt);
  if (earlier) return { ...(await replayAttempt(db, found, input.paymentMethod, attempt, earlier.next)), replay: true };

  const { order, from, was } = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, found.id)).for("update");
    const toBank = input.paymentMethod === "bank-transfer";
    if (!row || row.paidAt || !(row.status === "pending" || (isAwaitingTransfer(row) && !toBank))) {
      throw closedError(row ?? found);
    }
    // A bank transfer holds the stock for days: only an order small enough to wait that long.
    const tooLarge = toBank ? orderValueRefusal(row.totalCents, "bank-transfer") : null;
    if (tooLarge) throw tooLarge;
    // A bank transfer still awaited is paid another way: the order waits for the gateway again,
    // holding its stock as any pending order does, and the transfer's deadline and reminder go
    // (a later switch back to a transfer sets a new deadline).
    const note = `The customer chose to pay with ${providerFor(input.paymentMethod).label} instead of a bank transfer`;
    const updated = await changeStatus(
      tx,
      row,
      "pending",
      { note },
      {
        paymentMethod: input.paymentMethod,
        payBy: toBank ? payByFor(new Date()) : null,
        paymentReminderSentAt: row.status === "on-hold" ? null : row.paymentReminderSentAt,
      },
    );
    return { order: updated, from: row.paymentMethod, was: row.status };
  });
  if (from !== order.paymentMethod) {
    log.info("checkout", `order ${order.number}: payment method changed from ${from} to ${order.paymentMethod}`);
  }
  if (was !== order.status) await onOrderStatusChanged(db, order, was);

  if (order.paymentMethod === "bank-transfer") {
    await recordAttemptStart(db, order, "bank-transfer", { attempt, via: "retry" });
    const held = (await awaitBankTransfer(db, order.id, (h, was) => onOrderStatusChanged(db, h, was))) ?? order;
    await sendOrderPlacedMail(db, held, await bankTransferDetails(db, held)).catch((err: unknown) =>
      log.error("checkout", `order ${held.number}: bank details e-mail failed`, err),
    );
    return { order: held, next: { kind: "order-page" }, order_url: orderPagePath(held), replay: false };
  }
  try {
    const next = await handOff(db, order, attempt, "retry");
    return { order, next, order_url: orderPagePath(order), replay: false };
  } catch (err) {
    if (!(err instanceof HandOffFailed)) throw err;
    log.error("checkout", `${err.label} could not start a new attempt for ${order.number}`, err.cause);
    throw new ApiError(
      502,
      "payment_unavailable",
      `${err.label} is not answering right now, so nothing was charged. Your order still holds your items: try again in a moment, or choose another payment method.`,
    );
  }
}

/** The same hand-off again: a redirect as the gateway gave it, a signed form signed afresh. */
async function replayAttempt(
  db: Db,
  order: Order,
  method: PaymentMethod,
  attempt: string,
  stored: PaymentStart | undefined,
): Promise<Omit<Retried, "replay">> {
  const base = { order, order_url: orderPagePath(order) };
  if (method === "bank-transfer" || order.paidAt || order.status !== "pending" || method !== order.paymentMethod)
    return { ...base, next: { kind: "order-page" } };
  if (stored) return { ...base, next: stored };
  const paymentOrder = await paymentOrderFor(db, order.id);
  const started = await providerFor(method).start(paymentOrder!, {
    base: serverEnv().SITE_URL,
    orderPage: orderPageUrl(order, serverEnv().SITE_URL),
    attempt,
  });
  if (started.kind !== "form") return { ...base, next: { kind: "order-page" } };
  return { ...base, next: { kind: "form", action: started.action, fields: started.fields } };
}
