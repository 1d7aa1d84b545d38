import { z } from "zod";
import { route, parseParams } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { clearCart } from "@/lib/cart/cart";
import { cartResponse, customerContext, p } from "@/lib/cart/http";

/** Empties a signed-in customer's cart (a guest's is cleared in the browser, SPEC section 4). */
export const POST = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ token: p.token }));
  const ctx = await customerContext(db, request, params);
  await clearCart(db, ctx.cart);
  return cartResponse(db, ctx);
});
