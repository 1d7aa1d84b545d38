import { z } from "zod";
import { route, parseParams } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { removeCoupon } from "@/lib/cart/cart-coupons";
import { serverCart } from "@/lib/cart/answer";
import { cartForRequest } from "@/lib/cart/request";
import { cartResponse, p, whose } from "@/lib/cart/http";

/** Takes the cart's coupon off; no other code is put on in its place. */
export const DELETE = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ ...whose, promoCode: p.promoCode }));
  const ctx = await cartForRequest(db, request, params);
  return cartResponse(ctx, serverCart(await removeCoupon(db, ctx.cart, params.promoCode, ctx.shopper)));
});
