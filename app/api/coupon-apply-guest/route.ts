import { z } from "zod";
import { route, parseParams } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { applyCoupon } from "@/lib/cart/cart-coupons";
import { serverCart } from "@/lib/cart/answer";
import { cartForRequest } from "@/lib/cart/request";
import { cartResponse, p, whose } from "@/lib/cart/http";

/** Makes a code the cart's one coupon, if it applies to the cart as it is. */
export const POST = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ ...whose, promoCode: p.promoCode }));
  const ctx = await cartForRequest(db, request, params);
  return cartResponse(ctx, serverCart(await applyCoupon(db, ctx.cart, params.promoCode, ctx.shopper), []));
});
