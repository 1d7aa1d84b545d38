import { NextResponse } from "next/server";
import { route, parseParams } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { getDb } from "@/lib/db/client";
import { readSession } from "@/lib/auth/session";
import { COOKIE } from "@/lib/http/cookie-names";
import { limitCheckoutsFromAddress } from "@/lib/orders/checkout-limits";
import { retryPayment, retrySchema } from "@/lib/orders/retry";

/**
 * POST /api/checkout/retry: the order page's "Try again". A new payment attempt for an unpaid,
 * pending order (same or another method), for its owner or the holder of its key; the answer
 * says what the browser does next, as the checkout's does.
 */
export const POST = route(async (request) => {
  const db = await getDb();
  await limitCheckoutsFromAddress(db, clientIp(request.headers));
  const input = await parseParams(request, retrySchema);
  const signedIn = await readSession(db, request.cookies.get(COOKIE.session)?.value);
  const retried = await retryPayment(db, input, {
    customerId: signedIn?.customer.id,
    key: input.key || request.cookies.get(COOKIE.orderKey)?.value,
  });
  return NextResponse.json(
    {
      order: { id: retried.order.id, number: retried.order.number, status: retried.order.status },
      order_url: retried.order_url,
      next: retried.next,
      replay: retried.replay,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
});
