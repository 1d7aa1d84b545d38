import { z } from "zod";
import { route, parseParams } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { addToCart, createGuestCart, removeItem } from "@/lib/cart/cart";
import { cartResponse, guestContext, p } from "@/lib/cart/http";

/** A guest's cart by cart key (SPEC section 7). The first add creates the cart and its key. */
export const GET = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ cartKey: p.cartKey }));
  return cartResponse(db, await guestContext(db, request, params));
});

export const POST = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(
    request,
    z.object({ cartKey: p.cartKey, productId: p.productId, productQuantity: p.addQuantity, variation: p.variation, variationId: p.variationId }),
  );
  const input = { productId: params.productId, quantity: params.productQuantity, variation: params.variation, variationId: params.variationId };
  if (!params.cartKey) {
    // Validate the purchase before creating a cart, so a refused add leaves nothing behind.
    const cart = await db.transaction(async (tx) => {
      const created = await createGuestCart(tx);
      await addToCart(tx, created, input);
      return created;
    });
    return cartResponse(db, { cart, shopper: { customerId: null, email: null }, guest: true, created: true }, 201);
  }
  const ctx = await guestContext(db, request, params);
  await addToCart(db, ctx.cart, input);
  return cartResponse(db, ctx);
});

export const DELETE = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ cartKey: p.cartKey, itemKey: p.itemKey }));
  const ctx = await guestContext(db, request, params);
  await removeItem(db, ctx.cart, params.itemKey);
  return cartResponse(db, ctx);
});
