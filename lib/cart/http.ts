import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { Cart } from "@/lib/db/schema";
import { cookieSecure } from "@/lib/auth/session";
import { CART_KEY_COOKIE, createGuestCart } from "@/lib/cart/cart";
import { priceCart } from "@/lib/cart/pricing";
import { freeOffers, settleCoupon } from "@/lib/cart/cart-coupons";
import { emptyServerCart, refusalNotices, serverCart } from "@/lib/cart/answer";
import type { CartRequest } from "@/lib/cart/request";
import type { ServerCart } from "@/lib/cart/types";

const GUEST_KEY_DAYS = 30;

/**
 * A quantity no line could ever hold, refused as bad input. Anything below it reaches the cart,
 * whose refusal names the item and the most of it an order may hold.
 */
const QUANTITY_INPUT_MAX = 9_999;

/** zod schemas for the cart calls' parameters, under the contract's names. */
export const p = {
  token: z.string().trim().min(1).optional(),
  cartKey: z.string().trim().min(10).max(100).optional(),
  productId: z.coerce
    .number({ error: "productId must be a number" })
    .int("productId must be a whole number")
    .positive("productId must be positive"),
  addQuantity: z.coerce
    .number({ error: "productQuantity must be a number" })
    .int("productQuantity must be a whole number")
    .min(1, "productQuantity must be at least 1")
    .max(QUANTITY_INPUT_MAX, `productQuantity can be at most ${QUANTITY_INPUT_MAX}`)
    .default(1),
  setQuantity: z.coerce
    .number({ error: "productQuantity must be a number" })
    .int("productQuantity must be a whole number")
    .min(0, "productQuantity cannot be negative")
    .max(QUANTITY_INPUT_MAX, `productQuantity can be at most ${QUANTITY_INPUT_MAX}`),
  variation: z.record(z.string().max(60), z.string().max(100)).optional(),
  variationId: z.coerce.number().int().positive().optional(),
  itemKey: z.string({ error: "itemKey is required" }).trim().min(1, "itemKey is required").max(100),
  promoCode: z
    .string({ error: "promoCode is required" })
    .trim()
    .min(1, "promoCode is required")
    .max(64, "promoCode is too long"),
};

/** Who the call is for: a session or a guest key, as parameters or as cookies. */
export const whose = { token: p.token, cartKey: p.cartKey };

export const addSchema = z.object({
  ...whose,
  productId: p.productId,
  productQuantity: p.addQuantity,
  variation: p.variation,
  variationId: p.variationId,
});

/**
 * Answers with a cart, never cached. A guest's key rides in an httpOnly cookie, renewed with each
 * answer; a guest whose cart is gone loses the cookie.
 */
export function cartResponse(
  ctx: Pick<CartRequest, "guest" | "guestCookie">,
  body: ServerCart,
  status = 200,
): NextResponse {
  const res = NextResponse.json(body, { status, headers: { "Cache-Control": "private, no-store" } });
  if (ctx.guest && body.cart_key) {
    res.cookies.set(CART_KEY_COOKIE, body.cart_key, {
      httpOnly: true,
      sameSite: "lax",
      secure: cookieSecure(),
      path: "/",
      maxAge: GUEST_KEY_DAYS * 86_400,
    });
  } else if (ctx.guest && ctx.guestCookie) {
    clearCartKeyCookie(res);
  }
  return res;
}

export function clearCartKeyCookie(res: NextResponse): NextResponse {
  res.cookies.set(CART_KEY_COOKIE, "", {
    httpOnly: true,
    sameSite: "lax",
    secure: cookieSecure(),
    path: "/",
    maxAge: 0,
  });
  return res;
}

/** The cart as it is. Writes nothing: a code that stopped applying shows as a notice. */
export async function showCart(db: Db, ctx: CartRequest): Promise<NextResponse> {
  if (!ctx.cart) return cartResponse(ctx, emptyServerCart());
  const priced = await priceCart(db, ctx.cart, ctx.shopper);
  const offers = await freeOffers(db, priced, ctx.shopper, { affiliate: ctx.affiliate });
  const told = refusalNotices(priced).filter((n) => !offers.some((o) => o.coupon === n.code));
  return cartResponse(ctx, serverCart(priced, told, offers));
}

/**
 * Changes the lines, then settles the coupon in the same call, and answers with the result. A
 * guest's first add makes the cart in the add's transaction, so a refused add leaves nothing.
 */
export async function changeLines(
  db: Db,
  ctx: CartRequest,
  change: (db: Db, cart: Cart) => Promise<void>,
): Promise<NextResponse> {
  let cart = ctx.cart;
  let status = 200;
  if (cart) {
    await change(db, cart);
  } else {
    cart = await db.transaction(async (tx) => {
      const created = await createGuestCart(tx);
      await change(tx, created);
      return created;
    });
    status = 201;
  }
  const { priced, notices } = await settleCoupon(db, cart, ctx.shopper, { affiliate: ctx.affiliate });
  const offers = await freeOffers(db, priced, ctx.shopper, { affiliate: ctx.affiliate });
  // An offer that came off only because its free item went is offered again: that says it all.
  const told = notices.filter((n) => !offers.some((o) => o.coupon === n.code));
  return cartResponse(ctx, serverCart(priced, told, offers), status);
}
