import "server-only";
import type { Db } from "@/lib/db/client";
import type { Cart } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { readSession, tokenParameter } from "@/lib/auth/session";
import { COOKIE } from "@/lib/http/cookie-names";
import { CART_KEY_COOKIE, customerCart, findCustomerCart, findGuestCart, type Shopper } from "@/lib/cart/cart";
import { AFFILIATE_COOKIE, affiliateCode } from "@/lib/cart/affiliate";

/** A request's cookies: NextRequest.cookies, or next/headers' cookies() in a page. */
export type CookieReader = { get(name: string): { value: string } | undefined };

export type CartRequest<C extends Cart | null = Cart | null> = {
  cart: C;
  shopper: Shopper;
  /** Found by a guest key rather than a session: the answer keeps the guest-key cookie. */
  guest: boolean;
  /** The request carried the guest-key cookie (to be deleted when it names no cart). */
  guestCookie: boolean;
  /** The visit's affiliate code, if its link set one. */
  affiliate: string | null;
};

/**
 * What the call does with the cart:
 * - view: reads only; no cart is a null cart, never an error and never a write;
 * - view-existing: reads only; a guest with no cart is a 404 (the guest calls' answer);
 * - change (the default): a guest with no cart is a 404, a customer's cart is made if need be;
 * - add: like change, but a guest with no cart gets a null cart, for the add to create.
 */
export type CartNeed = "view" | "view-existing" | "change" | "add";

/** The parameters that name a cart: a sealed session, or a guest cart's key. */
export type CartParams = { token?: unknown; cartKey?: unknown };

const GUEST: Shopper = { customerId: null, email: null };
const GUEST_KEY = /^[A-Za-z0-9_-]{10,100}$/;

const notFound = () => new ApiError(404, "cart_not_found", "Cart not found");

/**
 * The one place a cart is resolved, for every cart call and page. In order: the `token`
 * parameter (an invalid one is a 401) and the `cartKey` parameter (an unknown one is a 404),
 * which API clients send; then the session cookie, then the guest-key cookie, which the browser
 * sends. A session names the customer's cart, a key a guest's.
 */
export async function cartForRequest(
  db: Db,
  request: { cookies: CookieReader },
  params: CartParams,
  opts: { need: "view" | "view-existing" | "add" },
): Promise<CartRequest>;
export async function cartForRequest(
  db: Db,
  request: { cookies: CookieReader },
  params: CartParams,
  opts?: { need?: "change" },
): Promise<CartRequest<Cart>>;
export async function cartForRequest(
  db: Db,
  request: { cookies: CookieReader },
  params: CartParams,
  opts: { need?: CartNeed } = {},
): Promise<CartRequest> {
  const need = opts.need ?? "change";
  const cookieKey = guestKeyCookie(request.cookies);
  const base = {
    guestCookie: Boolean(request.cookies.get(CART_KEY_COOKIE)?.value),
    affiliate: affiliateCode(request.cookies.get(AFFILIATE_COOKIE)?.value),
  };

  const token = tokenParameter(params);
  const explicitKey = typeof params.cartKey === "string" && params.cartKey.trim() ? params.cartKey.trim() : undefined;
  if (token) {
    const signedIn = await readSession(db, token);
    if (!signedIn) throw new ApiError(401, "invalid_token", "Your session has expired. Please log in again.");
    return customerRequest(db, signedIn.customer, need, base);
  }
  if (explicitKey) {
    const cart = await findGuestCart(db, explicitKey);
    if (!cart) throw notFound();
    return { ...base, cart, shopper: GUEST, guest: true };
  }
  const fromCookie = await readSession(db, request.cookies.get(COOKIE.session)?.value);
  if (fromCookie) return customerRequest(db, fromCookie.customer, need, base);

  const cart = cookieKey ? await findGuestCart(db, cookieKey) : null;
  if (!cart && (need === "change" || need === "view-existing")) throw notFound();
  return { ...base, cart, shopper: GUEST, guest: true };
}

/** The guest key the browser holds. A value no key could have names no cart: it is left unread, and dropped like a stale one. */
export function guestKeyCookie(cookies: CookieReader): string | undefined {
  const value = cookies.get(CART_KEY_COOKIE)?.value;
  return value && GUEST_KEY.test(value) ? value : undefined;
}

async function customerRequest(
  db: Db,
  customer: { id: number; email: string },
  need: CartNeed,
  base: Pick<CartRequest, "guestCookie" | "affiliate">,
): Promise<CartRequest> {
  const writes = need === "change" || need === "add";
  const cart = writes ? await customerCart(db, customer.id) : await findCustomerCart(db, customer.id);
  return { ...base, cart, shopper: { customerId: customer.id, email: customer.email }, guest: false };
}
