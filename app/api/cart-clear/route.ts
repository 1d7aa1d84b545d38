import { z } from "zod";
import { route, parseParams } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { clearCart, deleteCart } from "@/lib/cart/cart";
import { priceCart } from "@/lib/cart/pricing";
import { emptyServerCart, serverCart } from "@/lib/cart/answer";
import { cartForRequest } from "@/lib/cart/request";
import { cartResponse, whose } from "@/lib/cart/http";

/** Empties the cart. A guest's cart is deleted and its cookie dropped; a customer keeps an empty one. */
export const POST = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object(whose));
  const ctx = await cartForRequest(db, request, params);
  if (ctx.guest) {
    await deleteCart(db, ctx.cart);
    return cartResponse(ctx, emptyServerCart());
  }
  await clearCart(db, ctx.cart);
  return cartResponse(ctx, serverCart(await priceCart(db, { ...ctx.cart, couponCode: null }, ctx.shopper)));
});
