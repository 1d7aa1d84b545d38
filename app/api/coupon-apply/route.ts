import { z } from "zod";
import { route, parseParams } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { applyCoupon } from "@/lib/cart/cart";
import { cartResponse, customerContext, p } from "@/lib/cart/http";

export const POST = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ token: p.token, promoCode: p.promoCode }));
  const ctx = await customerContext(db, request, params);
  await applyCoupon(db, ctx.cart, params.promoCode, ctx.shopper);
  return cartResponse(db, { ...ctx, cart: { ...ctx.cart, couponCode: params.promoCode.toUpperCase() } });
});
