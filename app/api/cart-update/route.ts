import { z } from "zod";
import { route, parseParams } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { setQuantity } from "@/lib/cart/cart";
import { cartForRequest } from "@/lib/cart/request";
import { changeLines, p, whose } from "@/lib/cart/http";

/** Sets a line's quantity; 0 removes it. */
export const POST = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ ...whose, itemKey: p.itemKey, productQuantity: p.setQuantity }));
  const ctx = await cartForRequest(db, request, params);
  return changeLines(db, ctx, (tx, cart) => setQuantity(tx, cart, params.itemKey, params.productQuantity));
});
