import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { carts, couponRedemptions, coupons, orderLines, orders, type Cart, type Order } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { addToCart } from "@/lib/cart/cart";
import { lineLabel } from "@/lib/cart/lines";
import { cancelLockedOrder } from "@/lib/orders/cancel";
import { isUnpaid } from "@/lib/orders/statuses";
import { revalidateCatalog } from "@/lib/orders/events";
import { log } from "@/lib/observability/log";

export type Abandoned = { order: Order; restored: number; skipped: string[] };

/**
 * Undoes an unpaid order for its shopper: the order is cancelled (its stock back on the shelf,
 * its use of a promo code given back, its history saying why) and its lines go into `cart`
 * again, priced afresh by the cart like any other line. A line that can no longer be had (sold
 * out since, taken off sale) is named in `skipped` rather than failing the rest. With
 * `releaseKey` the checkout's idempotency key is freed, so the same submit may place a new order.
 * A payment that still arrives for the cancelled order is booked (and its stock taken again) by
 * the payment handlers, which leaves staff to refund one of the two orders if both are paid.
 */
export async function abandonOrder(
  db: Db,
  orderId: number,
  opts: { cart: Cart; note: string; releaseKey?: boolean },
): Promise<Abandoned> {
  const order = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!row) throw new ApiError(404, "order_not_found", "Order not found");
    if (!isUnpaid(row)) {
      throw new ApiError(
        409,
        "order_closed",
        row.paidAt
          ? "This order is already paid, so it cannot go back to your cart"
          : "This order is already cancelled; its items went back into stock",
        { status: row.status },
      );
    }
    const cancelled = await cancelLockedOrder(tx, row, { note: opts.note });
    const given = await tx
      .delete(couponRedemptions)
      .where(eq(couponRedemptions.orderId, row.id))
      .returning({ couponId: couponRedemptions.couponId });
    for (const { couponId } of given) {
      await tx
        .update(coupons)
        .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
        .where(eq(coupons.id, couponId));
    }
    if (opts.releaseKey) {
      await tx
        .update(orders)
        .set({ idempotencyKey: `${row.idempotencyKey}:undone:${row.id}` })
        .where(eq(orders.id, row.id));
    }
    return cancelled;
  });
  await revalidateCatalog();

  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  let restored = 0;
  const skipped: string[] = [];
  for (const line of lines) {
    const label = lineLabel(line.name, line.variation);
    if (!line.productId) {
      skipped.push(label);
      continue;
    }
    try {
      await addToCart(db, opts.cart, {
        productId: line.productId,
        variationId: line.variationId ?? undefined,
        quantity: line.quantity,
      });
      restored++;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      log.warn("checkout", `order ${order.number}: ${label} could not go back to the cart (${err.code})`);
      skipped.push(label);
    }
  }
  if (order.couponCode) {
    await db
      .update(carts)
      .set({ couponCode: sql`coalesce(${carts.couponCode}, ${order.couponCode})`, updatedAt: new Date() })
      .where(eq(carts.id, opts.cart.id));
  }
  return { order, restored, skipped };
}
