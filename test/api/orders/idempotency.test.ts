import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { orders } from "@/lib/db/schema";
import {
  checkoutDetails,
  fillGuestCart,
  productBySlug,
  signedInCustomer,
  uniqueKey,
  type CheckoutAnswer,
} from "@/test/support/orders";
import * as cart from "@/app/api/cart/route";
import * as checkout from "@/app/api/checkout/route";

const getDb = setupTestDb();

describe("idempotency keys belong to the cart or customer that used them", () => {
  test("another shopper's key neither shows their order nor stops a new one", async () => {
    const db = getDb().db;
    const key = uniqueKey("shared");
    const first = await fillGuestCart(db, "pebble-ottoman", 1);
    const a = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: first.cart_key, idempotencyKey: key, email: "first@example.co.za" }),
    });
    expect(a.status).toBe(201);

    const second = await fillGuestCart(db, "pebble-ottoman", 1);
    const b = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: second.cart_key, idempotencyKey: key, email: "second@example.co.za" }),
    });
    expect(b.status).toBe(201);
    expect(b.body.replay).toBe(false);
    expect(b.body.order.id).not.toBe(a.body.order.id);
    expect(b.body.order.key).not.toBe(a.body.order.key);
    const [placed] = await db.select().from(orders).where(eq(orders.id, b.body.order.id));
    expect(placed!.email).toBe("second@example.co.za");

    // Each owner's replay still answers with their own order, and only theirs.
    const againA = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: first.cart_key, idempotencyKey: key }),
    });
    expect([againA.status, againA.body.replay, againA.body.order.id]).toEqual([200, true, a.body.order.id]);
    const againB = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: second.cart_key, idempotencyKey: key }),
    });
    expect([againB.status, againB.body.replay, againB.body.order.id]).toEqual([200, true, b.body.order.id]);
  });

  test("a signed-in customer's key is theirs: a guest reusing it gets nothing of theirs", async () => {
    const db = getDb().db;
    const key = uniqueKey("customer");
    const { token } = await signedInCustomer(db, "owner@example.co.za");
    const pebble = await productBySlug(db, "pebble-ottoman");
    expect(
      (await call(cart.POST, "/api/cart", { json: { token, productId: pebble.id, productQuantity: 1 } })).status,
    ).toBe(200);
    const mine = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ token, idempotencyKey: key, email: "owner@example.co.za" }),
    });
    expect(mine.status).toBe(201);

    const guest = await fillGuestCart(db, "pebble-ottoman", 1);
    const stranger = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: guest.cart_key, idempotencyKey: key }),
    });
    expect(stranger.status).toBe(201);
    expect(stranger.body.order.id).not.toBe(mine.body.order.id);
    expect(JSON.stringify(stranger.body)).not.toContain(mine.body.order.key);

    // A guest whose cart is empty and who guesses the key learns nothing either.
    const empty = await fillGuestCart(db, "pebble-ottoman", 1);
    await call(checkout.POST, "/api/checkout", { json: checkoutDetails({ cartKey: empty.cart_key }) });
    const probe = await call<{ code: string; order?: unknown }>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: empty.cart_key, idempotencyKey: key }),
    });
    expect(probe.status).toBe(409);
    expect(probe.body.code).toBe("empty_cart");
    expect(probe.body.order).toBeUndefined();

    const replay = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ token, idempotencyKey: key }),
    });
    expect([replay.status, replay.body.order.id]).toEqual([200, mine.body.order.id]);
  });

  test("parallel double submits from one cart still make one order", async () => {
    const db = getDb().db;
    const guest = await fillGuestCart(db, "pebble-ottoman", 1);
    const body = checkoutDetails({ cartKey: guest.cart_key });
    const answers = await Promise.all(
      [1, 2, 3].map(() => call<CheckoutAnswer>(checkout.POST, "/api/checkout", { json: body })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => r.body.order.id)).size).toBe(1);
  });
});
