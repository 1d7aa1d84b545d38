import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { Cart } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { requireSession } from "@/lib/auth/session";
import { cookieSecure } from "@/lib/auth/session";
import { CART_KEY_COOKIE, MAX_LINE_QUANTITY, customerCart, findGuestCart, shopperFor, viewCart, type Shopper } from "@/lib/cart/cart";

/** zod schemas for the cart calls' parameters (SPEC section 7 names). */
export const p = {
  token: z.string().trim().min(1).optional(),
  cartKey: z.string().trim().min(10).max(100).optional(),
  productId: z.coerce.number({ error: "productId must be a number" }).int("productId must be a whole number").positive("productId must be positive"),
  addQuantity: z.coerce
    .number({ error: "productQuantity must be a number" })
    .int("productQuantity must be a whole number")
    .min(1, "productQuantity must be at least 1")
    .max(MAX_LINE_QUANTITY, `productQuantity can be at most ${MAX_LINE_QUANTITY}`)
    .default(1),
  setQuantity: z.coerce
    .number({ error: "productQuantity must be a number" })
    .int("productQuantity must be a whole number")
    .min(0, "productQuantity cannot be negative")
    .max(MAX_LINE_QUANTITY, `productQuantity can be at most ${MAX_LINE_QUANTITY}`),
  variation: z.record(z.string().max(60), z.string().max(100)).optional(),
  variationId: z.coerce.number().int().positive().optional(),
  itemKey: z.string({ error: "itemKey is required" }).trim().min(1, "itemKey is required").max(100),
  promoCode: z.string({ error: "promoCode is required" }).trim().min(1, "promoCode is required").max(64, "promoCode is too long"),
};

export type CartContext = { cart: Cart; shopper: Shopper; guest: boolean; created: boolean };

/** A signed-in customer's cart, found by the session (token parameter or cookie). */
export async function customerContext(db: Db, request: NextRequest, params: { token?: unknown }): Promise<CartContext> {
  const { customer } = await requireSession(db, request, params);
  return { cart: await customerCart(db, customer.id), shopper: { customerId: customer.id, email: customer.email }, guest: false, created: false };
}

/** A guest's cart by its key (parameter or cookie); an unknown key is a 404. */
export async function guestContext(db: Db, request: NextRequest, params: { cartKey?: string }): Promise<CartContext> {
  const key = params.cartKey ?? request.cookies.get(CART_KEY_COOKIE)?.value;
  if (!key) throw new ApiError(404, "cart_not_found", "Cart not found");
  const cart = await findGuestCart(db, key);
  if (!cart) throw new ApiError(404, "cart_not_found", "Cart not found");
  return { cart, shopper: await shopperFor(db, null), guest: true, created: false };
}

/** Answers with the server cart; a guest's key is (re)set as a cookie so the browser keeps it. */
export async function cartResponse(db: Db, ctx: CartContext, status = 200): Promise<NextResponse> {
  const body = await viewCart(db, ctx.cart, ctx.shopper);
  const res = NextResponse.json(body, { status, headers: { "Cache-Control": "private, no-store" } });
  if (ctx.guest) {
    res.cookies.set(CART_KEY_COOKIE, ctx.cart.cartKey, { sameSite: "lax", secure: cookieSecure(), path: "/", maxAge: 30 * 86_400 });
  }
  return res;
}

export function clearCartKeyCookie(res: NextResponse): NextResponse {
  res.cookies.set(CART_KEY_COOKIE, "", { sameSite: "lax", secure: cookieSecure(), path: "/", maxAge: 0 });
  return res;
}
