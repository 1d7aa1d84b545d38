import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orders, type Order } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { serverEnv } from "@/lib/config/env";
import { providerFor } from "@/lib/payments/registry";
import { paymentOrderFor } from "@/lib/payments/orders";
import type { PaymentStart } from "@/lib/payments/types";
import { onOrderStatusChanged, revalidateCatalog } from "@/lib/orders/events";
import { awaitBankTransfer, bankTransferDetails } from "@/lib/payments/bank-transfer";
import { sendOrderPlacedMail } from "@/lib/orders/mails";
import { orderPagePath, orderPageUrl } from "@/lib/orders/urls";
import { log } from "@/lib/observability/log";

/**
 * After an order is written: what the browser must do to pay. Bank transfer puts the order
 * on-hold (WooCommerce BACS); every other method asks its provider for a signed form or a
 * redirect. A replayed submit gets the order page.
 */
export async function startPayment(
  db: Db,
  order: Order,
  replay: boolean,
): Promise<{ order: Order; next: PaymentStart }> {
  if (replay) return { order, next: { kind: "order-page" } };
  await revalidateCatalog();
  if (order.paymentMethod === "bank-transfer") {
    const updated =
      (await awaitBankTransfer(db, order.id, (held, from) => onOrderStatusChanged(db, held, from))) ?? order;
    await sendOrderPlacedMail(db, updated, bankTransferDetails(updated));
    return { order: updated, next: { kind: "order-page" } };
  }
  await sendOrderPlacedMail(db, order, null);
  const paymentOrder = await paymentOrderFor(db, order.id);
  const provider = providerFor(order.paymentMethod);
  try {
    const started = await provider.start(paymentOrder!, {
      base: serverEnv().SITE_URL,
      orderPage: orderPageUrl(order, serverEnv().SITE_URL),
    });
    const { reference, ...next } = started;
    if (reference) await db.update(orders).set({ paymentReference: reference }).where(eq(orders.id, order.id));
    return { order, next: next as PaymentStart };
  } catch (err) {
    log.error("checkout", `${provider.label} could not start payment for ${order.number}`, err);
    throw new ApiError(
      502,
      "payment_unavailable",
      `${provider.label} is not answering right now. Your order ${order.number} is saved: try again from the order page or choose another method.`,
      {
        order_url: orderPagePath(order),
      },
    );
  }
}
