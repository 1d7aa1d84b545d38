import { z } from "zod";
import { route, parseParams } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { addToCart, removeItem } from "@/lib/cart/cart";
import { cartForRequest } from "@/lib/cart/request";
import { addSchema, changeLines, p, showCart, whose } from "@/lib/cart/http";

/**
 * The shopper's cart: a signed-in customer's, or a guest's by key. With neither, GET shows an
 * empty cart and the first add makes a guest cart (201) and its cookie.
 */
export const GET = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object(whose));
  return showCart(db, await cartForRequest(db, request, params, { need: "view" }));
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
