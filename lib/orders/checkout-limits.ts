import "server-only";
import type { Db } from "@/lib/db/client";
import type { Cart } from "@/lib/db/schema";
import type { Shopper } from "@/lib/cart/cart";
import { enforce, type Limit } from "@/lib/security/rate-limit";
import { serverEnv } from "@/lib/config/env";
import { idempotencyScope } from "@/lib/orders/checkout";

/**
 * Checkout attempts, counted whatever their outcome: an order holds stock until it is paid or
 * expires, so placing them is rationed per network address and per cart or customer.
 */
export const CHECKOUT_LIMITS = {
  /** CHECKOUT_RATE_LIMIT_PER_HOUR: one office or campus shares an address, and so does a load test. */
  get perAddress(): Limit {
    return { limit: serverEnv().CHECKOUT_RATE_LIMIT_PER_HOUR, windowSeconds: 60 * 60 };
  },
  perShopper: { limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** Before anything else is read: a 429 for an address over its limit. */
export async function limitCheckoutsFromAddress(db: Db, ip: string): Promise<void> {
  await enforce(db, `checkout:ip:${ip}`, CHECKOUT_LIMITS.perAddress, "checkout attempts from your network");
}

/** Once the cart is known: a 429 for a guest cart, or a customer, over its limit. */
export async function limitCheckoutsByShopper(
  db: Db,
  cart: Pick<Cart, "id">,
  shopper: Pick<Shopper, "customerId">,
): Promise<void> {
  await enforce(db, `checkout:${idempotencyScope(cart, shopper)}`, CHECKOUT_LIMITS.perShopper, "checkout attempts");
}
