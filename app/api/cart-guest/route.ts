import { z } from "zod";
import { route, parseParams } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { addToCart, removeItem } from "@/lib/cart/cart";
import { cartForRequest } from "@/lib/cart/request";
import { addSchema, changeLines, p, showCart, whose } from "@/lib/cart/http";

/**
 * A guest's cart by its key: the `cartKey` parameter, or the browser's cookie. The first add
 * without either makes the cart and its key (201); reading with neither is a 404.
 */
export const GET = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object(whose));
  return showCart(db, await cartForRequest(db, request, params, { need: "view-existing" }));
});

export const POST = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, addSchema);
  const ctx = await cartForRequest(db, request, params, { need: "add" });
  const input = {
    productId: params.productId,
    quantity: params.productQuantity,
    variation: params.variation,
    variationId: params.variationId,
  };
  return changeLines(db, ctx, (tx, cart) => addToCart(tx, cart, input));
});

export const DELETE = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ ...whose, itemKey: p.itemKey }));
  const ctx = await cartForRequest(db, request, params);
  return changeLines(db, ctx, (tx, cart) => removeItem(tx, cart, params.itemKey));
});
