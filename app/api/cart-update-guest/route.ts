import { z } from "zod";
import { route, parseParams } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { setQuantity } from "@/lib/cart/cart";
import { cartResponse, guestContext, p } from "@/lib/cart/http";

export const POST = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ cartKey: p.cartKey, itemKey: p.itemKey, productQuantity: p.setQuantity }));
  const ctx = await guestContext(db, request, params);
  await setQuantity(db, ctx.cart, params.itemKey, params.productQuantity);
  return cartResponse(db, ctx);
});
