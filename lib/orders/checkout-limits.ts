import "server-only";
import type { Db } from "@/lib/db/client";
import type { Cart } from "@/lib/db/schema";
import type { Shopper } from "@/lib/cart/cart";
import { addressKey, enforce, type Limit } from "@/lib/security/rate-limit";
import { serverEnv } from "@/lib/config/env";

/**
 * Checkout attempts, counted whatever their outcome. What an unpaid order may hold, and how many
 * a shopper may have, is bounded in the order's transaction (lib/orders/order-limits.ts); these
 * only ration the attempts: per cart or customer, and per network address as a flood guard.
 */
export const CHECKOUT_LIMITS = {
  /**
   * CHECKOUT_RATE_LIMIT_PER_HOUR: generous, because a mobile network puts thousands of its
   * customers behind one address (and an office or a campus shares one too).
   */
  get perAddress(): Limit {
    return { limit: serverEnv().CHECKOUT_RATE_LIMIT_PER_HOUR, windowSeconds: 60 * 60 };
  },
  perShopper: { limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** A key replays an order only to the customer, or the guest cart, that placed it. */
export function idempotencyScope(cart: Pick<Cart, "id">, shopper: Pick<Shopper, "customerId">): string {
  return shopper.customerId ? `customer:${shopper.customerId}` : `cart:${cart.id}`;
}

/** Before anything else is read: a 429 for an address over its limit. */
export async function limitCheckoutsFromAddress(db: Db, ip: string): Promise<void> {
  await enforce(db, addressKey("checkout", ip), CHECKOUT_LIMITS.perAddress, "checkout attempts from your network");
}

/** Once the cart is known: a 429 for a guest cart, or a customer, over its limit. */
export async function limitCheckoutsByShopper(
  db: Db,
  cart: Pick<Cart, "id">,
  shopper: Pick<Shopper, "customerId">,
): Promise<void> {
  await enforce(db, `checkout:${idempotencyScope(cart, shopper)}`, CHECKOUT_LIMITS.perShopper, "checkout attempts");
}
