import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { eq } from "drizzle-orm";
import { orders, products, rateLimits } from "@/lib/db/schema";
import { CHECKOUT_LIMITS } from "@/lib/orders/checkout-limits";
import {
  checkoutDetails,
  fillGuestCart,
  productBySlug,
  signedInCustomer,
  type CheckoutAnswer,
  type ErrorBody,
} from "@/test/support/orders";
import * as cart from "@/app/api/cart/route";
import * as checkout from "@/app/api/checkout/route";

const getDb = setupTestDb();

beforeEach(async () => {
  await getDb().db.delete(rateLimits);
});

function expectRateLimited(res: { status: number; body: ErrorBody; response: Response }) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ status: 429, code: "rate_limited", data: { status: 429 } });
  expect(res.body.message).toMatch(/^Too many checkout attempts/);
  const retryAfter = res.body.data.retryAfter as number;
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(CHECKOUT_LIMITS.perAddress.windowSeconds);
  expect(res.response.headers.get("Retry-After")).toBe(String(retryAfter));
}

describe("checkout rate limits", () => {
  test("many shoppers behind one address (a mobile network's) all check out in the hour", async () => {
    const db = getDb().db;
    // Twice the 30 an hour one address was once allowed: a sale day on one carrier's address.
    const shoppers = 60;
    await db.update(products).set({ stock: 1000 }).where(eq(products.slug, "pebble-ottoman"));
    const answers: number[] = [];
    for (let i = 0; i < shoppers; i++) {
      const guest = await fillGuestCart(db, "pebble-ottoman", 1);
      const res = await call(checkout.POST, "/api/checkout", {
        json: checkoutDetails({ cartKey: guest.cart_key }),
        headers: { "x-forwarded-for": "196.25.1.1" },
      });
      answers.push(res.status);
    }
    expect(answers).toEqual(Array(shoppers).fill(201));
  });

  test("one address: after its generous limit of attempts, even a real cart is refused with 429", async () => {
    const db = getDb().db;
    expect(CHECKOUT_LIMITS.perAddress.limit).toBeGreaterThanOrEqual(300);
    // Probing with made-up carts counts too: it is how an address tries many carts.
    for (let i = 0; i < CHECKOUT_LIMITS.perAddress.limit; i++) {
      const probe = await call<ErrorBody>(checkout.POST, "/api/checkout", {
        json: checkoutDetails({ cartKey: `no-such-cart-${i}-xxxxxxxx` }),
      });
      expect(probe.status).toBe(404);
    }
    const guest = await fillGuestCart(db, "pebble-ottoman", 1);
    const refused = await call<ErrorBody>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: guest.cart_key }),
    });
    expectRateLimited(refused);
  });

  test("one guest cart: after its limit of attempts, 429; another cart from the same address still buys", async () => {
    const db = getDb().db;
    const guest = await fillGuestCart(db, "pebble-ottoman", 1);
    const answers = [];
    for (let i = 0; i < CHECKOUT_LIMITS.perShopper.limit; i++) {
      answers.push(
        (await call<ErrorBody>(checkout.POST, "/api/checkout", { json: checkoutDetails({ cartKey: guest.cart_key }) }))
          .status,
      );
    }
    expect(answers[0]).toBe(201);
    expect(answers.slice(1)).toEqual(Array(CHECKOUT_LIMITS.perShopper.limit - 1).fill(409));
    expectRateLimited(
      await call<ErrorBody>(checkout.POST, "/api/checkout", { json: checkoutDetails({ cartKey: guest.cart_key }) }),
    );

    const other = await fillGuestCart(db, "pebble-ottoman", 1);
    const ok = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: other.cart_key }),
    });
    expect(ok.status).toBe(201);
  });

  test("a signed-in customer is limited as one shopper, however many orders they pay for", async () => {
    const db = getDb().db;
    const { token } = await signedInCustomer(db, "busy@example.co.za");
    const pebble = await productBySlug(db, "pebble-ottoman");
    for (let i = 0; i < CHECKOUT_LIMITS.perShopper.limit; i++) {
      await call(cart.POST, "/api/cart", { json: { token, productId: pebble.id, productQuantity: 1 } });
      const res = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
        json: checkoutDetails({ token, email: "busy@example.co.za" }),
      });
      expect(res.status).toBe(201);
      // Paid at once, so the customer's unpaid orders never reach their own limit.
      await db.update(orders).set({ status: "processing", paidAt: new Date() }).where(eq(orders.id, res.body.order.id));
    }
    await call(cart.POST, "/api/cart", { json: { token, productId: pebble.id, productQuantity: 1 } });
    expectRateLimited(
      await call<ErrorBody>(checkout.POST, "/api/checkout", {
        json: checkoutDetails({ token, email: "busy@example.co.za" }),
      }),
    );
  });
});
