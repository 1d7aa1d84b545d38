import { NextResponse } from "next/server";
import { route, parseParams } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { getDb } from "@/lib/db/client";
import { cartForRequest } from "@/lib/cart/request";
import { checkoutSchema } from "@/lib/orders/checkout-schema";
import { checkoutRefusalMessage } from "@/lib/orders/checkout-fields";
import { placeOrder } from "@/lib/orders/checkout";
import { limitCheckoutsByShopper, limitCheckoutsFromAddress } from "@/lib/orders/checkout-limits";
import { startPayment } from "@/lib/orders/place";
import { requireOffered } from "@/lib/payments/availability";
import { orderPagePath } from "@/lib/orders/urls";
import { alertLowStockForOrder } from "@/lib/catalog/low-stock";
import { log } from "@/lib/observability/log";

/**
 * POST /api/checkout: the cart becomes an order (prices, discount and totals from the database,
 * never from the client) and the answer says what the browser does next. Attempts are rate
 * limited per cart or customer, and per address against floods.
 */
export const POST = route(async (request) => {
  const db = await getDb();
  await limitCheckoutsFromAddress(db, clientIp(request.headers));
  const input = await parseParams(request, checkoutSchema, checkoutRefusalMessage);
  await requireOffered(db, input.paymentMethod);
  const ctx = await cartForRequest(db, request, input);
  await limitCheckoutsByShopper(db, ctx.cart, ctx.shopper);
  const placed = await placeOrder(db, ctx.cart, ctx.shopper, input);
  if (!placed.replay) {
    await alertLowStockForOrder(db, placed.order.id).catch((err: unknown) =>
      log.error("stock", `low-stock check after order ${placed.order.number} failed`, err),
    );
  }
  const { order, next } = await startPayment(db, placed.order, placed.replay, ctx.cart);
  const replay = placed.replay;
  return NextResponse.json(
    {
      order: {
        id: order.id,
        number: order.number,
        status: order.status,
        key: order.orderKey,
        total: String(order.totalCents),
      },
      order_url: orderPagePath(order),
      next,
      replay,
    },
    { status: replay ? 200 : 201, headers: { "Cache-Control": "private, no-store" } },
  );
});
