import { z } from "zod";
import { route, parseParams } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { addToCart, removeItem } from "@/lib/cart/cart";
import { cartResponse, customerContext, p } from "@/lib/cart/http";

/** A signed-in customer's cart (SPEC section 7: GET, POST add, DELETE remove). */
export const GET = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ token: p.token }));
  return cartResponse(db, await customerContext(db, request, params));
});

export const POST = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(
    request,
    z.object({ token: p.token, productId: p.productId, productQuantity: p.addQuantity, variation: p.variation, variationId: p.variationId }),
  );
  const ctx = await customerContext(db, request, params);
  await addToCart(db, ctx.cart, { productId: params.productId, quantity: params.productQuantity, variation: params.variation, variationId: params.variationId });
  return cartResponse(db, ctx);
});

export const DELETE = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ token: p.token, itemKey: p.itemKey }));
  const ctx = await customerContext(db, request, params);
  await removeItem(db, ctx.cart, params.itemKey);
  return cartResponse(db, ctx);
});
