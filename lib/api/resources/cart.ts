import "server-only";
import { z } from "zod";
import { route, parseParams } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { addToCart, removeItem, setQuantity } from "@/lib/cart/cart";
import { applyCoupon, removeCoupon } from "@/lib/cart/cart-coupons";
import { serverCart } from "@/lib/cart/answer";
import { cartForRequest } from "@/lib/cart/request";
import { addSchema, cartResponse, changeLines, p, showCart, whose } from "@/lib/cart/http";

/*
 * The cart's calls, each written once. The contract gives several of them two addresses, the
 * shopper's and the guest's. Each address keeps its own route file under app/api, which binds the
 * one option that differs (reading a guest's missing cart) or re-exports its twin, rather than a
 * rewrite in next.config.ts: every address stays a file the route tests find and import, and
 * answers the same under the tests, `next dev` and a build.
 */

/**
 * Reads the cart: a signed-in customer's, or a guest's by key. With neither, "view" shows an
 * empty cart and "view-existing" (the guest's address) is a 404.
 */
export const readCart = (need: "view" | "view-existing") =>
  route(async (request) => {
    const db = await getDb();
    const params = await parseParams(request, z.object(whose));
    return showCart(db, await cartForRequest(db, request, params, { need }));
  });

/** Adds a line; the first add without a cart makes a guest cart (201) and its cookie. */
export const addLine = route(async (request) => {
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

export const removeLine = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ ...whose, itemKey: p.itemKey }));
  const ctx = await cartForRequest(db, request, params);
  return changeLines(db, ctx, (tx, cart) => removeItem(tx, cart, params.itemKey));
});

/** Sets a line's quantity; 0 removes it. */
export const updateLine = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ ...whose, itemKey: p.itemKey, productQuantity: p.setQuantity }));
  const ctx = await cartForRequest(db, request, params);
  return changeLines(db, ctx, (tx, cart) => setQuantity(tx, cart, params.itemKey, params.productQuantity));
});

/** Makes a code the cart's one coupon, if it applies to the cart as it is. */
export const putCoupon = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ ...whose, promoCode: p.promoCode }));
  const ctx = await cartForRequest(db, request, params);
  return cartResponse(ctx, serverCart(await applyCoupon(db, ctx.cart, params.promoCode, ctx.shopper), []));
});

/** Takes the cart's coupon off; no other code is put on in its place. */
export const takeOffCoupon = route(async (request) => {
  const db = await getDb();
  const params = await parseParams(request, z.object({ ...whose, promoCode: p.promoCode }));
  const ctx = await cartForRequest(db, request, params);
  return cartResponse(ctx, serverCart(await removeCoupon(db, ctx.cart, params.promoCode, ctx.shopper)));
});
