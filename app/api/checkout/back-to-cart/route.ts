import { z } from "zod";
import { route, parseParams } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { readSession } from "@/lib/auth/session";
import { COOKIE } from "@/lib/http/cookie-names";
import { createGuestCart } from "@/lib/cart/cart";
import { cartForRequest } from "@/lib/cart/request";
import { cartResponse } from "@/lib/cart/http";
import { serverCart } from "@/lib/cart/answer";
import { priceCart } from "@/lib/cart/pricing";
import { abandonOrder } from "@/lib/orders/back-to-cart";
import { orderForOwner } from "@/lib/orders/retry";

const schema = z.object({
  order: z.coerce.number().int().positive().max(2_147_483_647),
  key: z.string().trim().max(200).optional(),
});

/**
 * POST /api/checkout/back-to-cart: the order page's "Back to cart". The unpaid order is
 * cancelled (its stock released) and its lines go back into the shopper's cart, a guest's or
 * the customer's; the answer is the cart, priced by the server as always.
 */
export const POST = route(async (request) => {
  const db = await getDb();
  const input = await parseParams(request, schema);
  const signedIn = await readSession(db, request.cookies.get(COOKIE.session)?.value);
  const order = await orderForOwner(db, input.order, {
    customerId: signedIn?.customer.id,
    key: input.key || request.cookies.get(COOKIE.orderKey)?.value,
  });
  const ctx = await cartForRequest(db, request, {}, { need: "add" });
  const cart = ctx.cart ?? (await createGuestCart(db));
  const { restored, skipped } = await abandonOrder(db, order.id, {
    cart,
    note: "The shopper went back to their cart: the order was cancelled and its items put back in the cart",
  });
  const body = serverCart(await priceCart(db, cart, ctx.shopper));
  return cartResponse({ guest: ctx.guest, guestCookie: ctx.guestCookie }, {
    ...body,
    restored,
    skipped,
  } as typeof body);
});
