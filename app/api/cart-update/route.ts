import { z } from "zod";
import { route, parseParams } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { setQuantity } from "@/lib/cart/cart";
import { cartResponse, customerContext, p } from "@/lib/cart/http";

export const POST = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ token: p.token, itemKey: p.itemKey, productQuantity: p.setQuantity }));
  const ctx = await customerContext(db, request, params);
  await setQuantity(db, ctx.cart, params.itemKey, params.productQuantity);
  return cartResponse(db, ctx);
});
