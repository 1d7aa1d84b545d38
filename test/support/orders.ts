/**
 * Shared steps of the checkout tests: a guest cart filled through the cart call, a signed-in
 * customer, and the checkout form a shopper would send.
 */
import { eq, inArray } from "drizzle-orm";
import { call } from "@/test/support/api-client";
import { createSession } from "@/lib/auth/session";
import { customers, orders, products } from "@/lib/db/schema";
import { UNPAID_STATUSES } from "@/lib/orders/statuses";
import type { Db } from "@/lib/db/client";
import type { ServerCart } from "@/lib/cart/types";
import * as cartGuest from "@/app/api/cart-guest/route";

export type ErrorBody = {
  status: number;
  code: string;
  message: string;
  data: { status: number; [key: string]: unknown };
};
export type CheckoutAnswer = {
  order: { id: number; number: string; status: string; key: string; total: string };
  order_url: string;
  next: { kind: string };
  replay: boolean;
};

export const testAddress = {
  FirstName: "Thandi",
  LastName: "Mokoena",
  StreetAddress1: "12 Loop Street",
  City: "Cape Town",
  Province: "Western Cape",
  Postcode: "8001",
};

let keyCounter = 0;
export function uniqueKey(label = "key"): string {
  return `${label}-${Date.now()}-${++keyCounter}-abcdefgh`.replace(/[^A-Za-z0-9_-]/g, "-");
}

let shopperCounter = 0;
/**
 * A shopper's own e-mail address and phone number: the limit on unpaid orders per address and per
 * number must not join one test's orders to another's.
 */
export function uniqueContact(label = "thandi"): { email: string; phone: string } {
  const n = ++shopperCounter;
  return { email: `${label}.${n}@example.co.za`, phone: `07${String(n).padStart(8, "0")}` };
}

/** The checkout form of a shopper of its own, with a fresh idempotency key unless one is given. */
export function checkoutDetails(over: Record<string, unknown> = {}) {
  return {
    ...uniqueContact(),
    shipping: testAddress,
    billingSameAsShipping: true,
    paymentMethod: "bank-transfer",
    idempotencyKey: uniqueKey(),
    ...over,
  };
}

export async function productBySlug(db: Db, slug: string) {
  const [p] = await db.select().from(products).where(eq(products.slug, slug));
  if (!p) throw new Error(`no product ${slug}`);
  return p;
}

export async function fillGuestCart(
  db: Db,
  slug = "pebble-ottoman",
  quantity = 1,
): Promise<ServerCart & { cart_key: string }> {
  const p = await productBySlug(db, slug);
  const res = await call<ServerCart>(cartGuest.POST, "/api/cart-guest", {
    json: { productId: p.id, productQuantity: quantity },
  });
  if (res.status !== 201 || !res.body.cart_key) throw new Error(`cart-guest answered ${res.status}`);
  return { ...res.body, cart_key: res.body.cart_key };
}

export async function signedInCustomer(db: Db, email: string) {
  const [c] = await db
    .insert(customers)
    .values({ email, passwordHash: "x", firstName: "Thandi", lastName: "Mokoena" })
    .returning();
  return { customer: c!, token: (await createSession(db, c!.id)).token };
}

/** Closes every order still waiting for payment, so a test counts only the orders it places. */
export async function closeUnpaidOrders(db: Db): Promise<void> {
  await db
    .update(orders)
    .set({ status: "completed" })
    .where(inArray(orders.status, [...UNPAID_STATUSES]));
}
