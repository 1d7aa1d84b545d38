import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orders, type Cart, type Order } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { serverEnv } from "@/lib/config/env";
import { providerFor } from "@/lib/payments/registry";
import { paymentOrderFor } from "@/lib/payments/orders";
import type { PaymentStart } from "@/lib/payments/types";
import { onOrderStatusChanged, revalidateCatalog } from "@/lib/orders/events";
import { awaitBankTransfer, bankTransferDetails } from "@/lib/payments/bank-transfer";
import { sendOrderPlacedMail } from "@/lib/orders/mails";
import { orderPageUrl } from "@/lib/orders/urls";
import { completeAttemptStart, recordAttemptStart, type AttemptPayload } from "@/lib/orders/payment-attempts";
import { abandonOrder } from "@/lib/orders/back-to-cart";
import { log } from "@/lib/observability/log";

/** The gateway did not take the hand-off (it refused, failed or did not answer in time). */
export class HandOffFailed extends Error {
  constructor(
    readonly label: string,
    readonly cause: unknown,
  ) {
    super(`${label} could not start the payment`);
  }
}

/**
 * Sends one attempt of an order's payment to its method's gateway and answers with what the
 * browser must do. The attempt is written first (as a "started" payment event) and completed
 * with the gateway's reference, which the order also keeps as its current one.
 */
export async function handOff(
  db: Db,
  order: Order,
  attempt: string,
  via: AttemptPayload["via"],
): Promise<PaymentStart> {
  const provider = providerFor(order.paymentMethod);
  await recordAttemptStart(db, order, order.paymentMethod, { attempt, via });
  const paymentOrder = await paymentOrderFor(db, order.id);
  let started;
  try {
    started = await provider.start(paymentOrder!, {
      base: serverEnv().SITE_URL,
      orderPage: orderPageUrl(order, serverEnv().SITE_URL),
      attempt,
    });
  } catch (err) {
    throw new HandOffFailed(provider.label, err);
  }
  const { reference, ...next } = started;
  await db
    .update(orders)
    .set({ paymentReference: reference ?? attempt })
    .where(eq(orders.id, order.id));
  await completeAttemptStart(db, order.id, order.paymentMethod, {
    attempt,
    via,
    reference: reference ?? attempt,
    ...(next.kind === "redirect" ? { next: next as PaymentStart } : {}),
  });
  return next as PaymentStart;
}

/** The first attempt's name: one per order, so a replayed checkout cannot start a second. */
export const checkoutAttempt = (order: Pick<Order, "id">) => `o${order.id}-1`;

/**
 * After an order is written: what the browser must do to pay. Bank transfer puts the order
 * on-hold (WooCommerce BACS); every other method asks its provider for a signed form or a
 * redirect. A replayed submit gets the order page. When the gateway cannot take the hand-off,
 * the order is undone and its lines go back into the shopper's cart, so the shopper stays on
 * the checkout with everything as it was and may choose another method.
 */
export async function startPayment(
  db: Db,
  order: Order,
  replay: boolean,
  cart?: Cart,
): Promise<{ order: Order; next: PaymentStart }> {
  if (replay) return { order, next: { kind: "order-page" } };
  await revalidateCatalog();
  if (order.paymentMethod === "bank-transfer") {
    const updated =
      (await awaitBankTransfer(db, order.id, (held, from) => onOrderStatusChanged(db, held, from))) ?? order;
    await sendOrderPlacedMail(db, updated, await bankTransferDetails(db, updated));
    return { order: updated, next: { kind: "order-page" } };
  }
  try {
    const next = await handOff(db, order, checkoutAttempt(order), "checkout");
    await sendOrderPlacedMail(db, order, null);
    return { order, next };
  } catch (err) {
    if (!(err instanceof HandOffFailed)) throw err;
    log.error("checkout", `${err.label} could not start payment for ${order.number}`, err.cause);
    if (cart) {
      await abandonOrder(db, order.id, {
        cart,
        note: `${err.label} could not start the payment: the order was undone and its items put back in the cart`,
        releaseKey: true,
      });
    }
    throw new ApiError(
      502,
      "payment_unavailable",
      cart
        ? `${err.label} is not answering right now, so nothing was charged. Your cart is as it was: please try again, or choose another payment method.`
        : `${err.label} is not answering right now, so nothing was charged. Please try again, or choose another payment method.`,
    );
  }
}
