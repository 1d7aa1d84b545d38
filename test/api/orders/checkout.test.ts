import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import {
  cartItems,
  carts,
  coupons,
  mailOutbox,
  orderLines,
  orders,
  products,
  rateLimits,
  variations,
} from "@/lib/db/schema";
import { cancelStalePendingOrders } from "@/lib/orders/expire";
import { recordPaymentOutcome } from "@/lib/orders/payment-outcome";
import { afterPaymentOutcome } from "@/lib/orders/after-payment";
import type { ServerCart } from "@/lib/cart/types";
import {
  checkoutDetails,
  fillGuestCart,
  productBySlug as bySlug,
  testAddress,
  type CheckoutAnswer,
} from "@/test/support/orders";
import * as cartGuest from "@/app/api/cart-guest/route";
import * as couponApplyGuest from "@/app/api/coupon-apply-guest/route";
import * as checkout from "@/app/api/checkout/route";

const getDb = setupTestDb();
// Every call here comes from one address; each test starts with none of its checkouts counted.
beforeEach(async () => {
  await getDb().db.delete(rateLimits);
});
type ErrorBody = {
  status: number;
  code: string;
  message: string;
  data: { status: number; fields?: Record<string, string> };
};
const productBySlug = (slug: string) => bySlug(getDb().db, slug);
const guestCart = (slug?: string, quantity?: number) => fillGuestCart(getDb().db, slug, quantity);

describe("POST /api/checkout", () => {
  test("places an order from the database's prices, empties the cart and sends the bank details", async () => {
    const db = getDb().db;
    const cart = await guestCart("pebble-ottoman", 2);
    const pebble = await productBySlug("pebble-ottoman");
    const res = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({
        cartKey: cart.cart_key,
        expectedTotal: Number(cart.totals.total),
        email: "thandi@example.co.za",
        phone: "082 123 4567",
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.next).toEqual({ kind: "order-page" });
    expect(res.body.order.number).toMatch(/^KL-\d{6}$/);
    expect(res.body.order_url).toBe(
      `/checkout/order/${res.body.order.id}?key=${encodeURIComponent(res.body.order.key)}`,
    );
    const [order] = await db.select().from(orders).where(eq(orders.id, res.body.order.id));
    expect(order).toMatchObject({
      status: "on-hold",
      subtotalCents: 2 * pebble.regularPriceCents,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 2 * pebble.regularPriceCents,
      vatCents: Math.round((2 * pebble.regularPriceCents * 15) / 115),
      phone: "+27821234567",
      email: "thandi@example.co.za",
    });
    expect(order!.shipping).toMatchObject({
      firstName: "Thandi",
      province: "Western Cape",
      postcode: "8001",
      country: "South Africa",
    });
    expect(order!.billing).toEqual(order!.shipping);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines).toMatchObject([
      {
        name: "Pebble Ottoman",
        quantity: 2,
        unitPriceCents: pebble.regularPriceCents,
        totalCents: 2 * pebble.regularPriceCents,
      },
    ]);
    expect((await productBySlug("pebble-ottoman")).stock).toBe(pebble.stock - 2);
    const [cartRow] = await db.select().from(carts).where(eq(carts.cartKey, cart.cart_key));
    expect(await db.select().from(cartItems).where(eq(cartItems.cartId, cartRow!.id))).toEqual([]);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "thandi@example.co.za"));
    const onHold = mails.find((m) => m.kind === "order-on-hold")!;
    expect(onHold.text).toContain(`Payment reference: ${order!.number}`);
    expect(onHold.text).toContain("Branch code");
  });

  test("each bad field is a 400 naming it; nothing is written", async () => {
    const db = getDb().db;
    const cart = await guestCart();
    const before = (await db.select().from(orders)).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: "not-an-email" }, "email"],
      [{ phone: "12345" }, "phone"],
      [{ shipping: { ...testAddress, Postcode: "80" } }, "shipping.Postcode"],
      [{ shipping: { ...testAddress, Province: "Transvaal" } }, "shipping.Province"],
      [{ shipping: { ...testAddress, Country: "Lesotho" } }, "shipping.Country"],
      [{ shipping: { ...testAddress, FirstName: "" } }, "shipping.FirstName"],
      [{ shipping: { ...testAddress, StreetAddress1: undefined } }, "shipping.StreetAddress1"],
      [{ billingSameAsShipping: false }, "billing"],
      [{ billingSameAsShipping: false, billing: { ...testAddress, City: "" } }, "billing.City"],
      [{ paymentMethod: "bitcoin" }, "paymentMethod"],
      [{ idempotencyKey: "short" }, "idempotencyKey"],
      [{ expectedTotal: -5 }, "expectedTotal"],
    ];
    for (const [over, field] of cases) {
      const res = await call<ErrorBody>(checkout.POST, "/api/checkout", {
        json: checkoutDetails({ cartKey: cart.cart_key, ...over }),
      });
      expect([field, res.status]).toEqual([field, 400]);
      expect(Object.keys(res.body.data.fields ?? {})).toContain(field);
    }
    expect((await db.select().from(orders)).length).toBe(before);
  });

  test("an empty form is refused with every field's message, in the shopper's words", async () => {
    const cart = await guestCart();
    const res = await call<ErrorBody>(checkout.POST, "/api/checkout", {
      json: {
        cartKey: cart.cart_key,
        email: "",
        phone: "",
        shipping: { FirstName: "", LastName: "", StreetAddress1: "", City: "", Postcode: "", Province: "" },
        paymentMethod: "payfast",
        idempotencyKey: `test-key-${Date.now()}-empty-form`,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual({
      email: "Enter your e-mail address",
      phone: "Enter your phone number",
      "shipping.FirstName": "Enter your first name",
      "shipping.LastName": "Enter your last name",
      "shipping.StreetAddress1": "Enter your street address",
      "shipping.City": "Enter your city or town",
      "shipping.Postcode": "Enter a 4-digit postcode",
      "shipping.Province": "Choose your province",
    });
    expect(res.body.message).toBe("Enter your e-mail address (and 7 more details to fix)");
  });

  test("a missing province is refused, never taken as a default", async () => {
    const cart = await guestCart();
    const withoutProvince: Partial<typeof testAddress> = { ...testAddress };
    delete withoutProvince.Province;
    const res = await call<ErrorBody>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: cart.cart_key, shipping: withoutProvince }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Choose your province");
    expect(res.body.data.fields).toEqual({ "shipping.Province": "Choose your province" });
  });

  test("a price that changed since the cart was seen is not charged silently", async () => {
    const db = getDb().db;
    const cart = await guestCart("kraal-cube-ottoman");
    const kraal = await productBySlug("kraal-cube-ottoman");
    await db
      .update(products)
      .set({ salePriceCents: null, regularPriceCents: kraal.regularPriceCents + 10000 })
      .where(eq(products.id, kraal.id));
    const res = await call<ErrorBody>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: cart.cart_key, expectedTotal: Number(cart.totals.total) }),
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("total_changed");
    expect(res.body.data).toMatchObject({ total: String(kraal.regularPriceCents + 10000) });
    // Confirmed at the new total, the order uses the database's price, never the client's.
    const ok = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: cart.cart_key, expectedTotal: kraal.regularPriceCents + 10000 }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.order.total).toBe(String(kraal.regularPriceCents + 10000));
    await db
      .update(products)
      .set({ regularPriceCents: kraal.regularPriceCents, salePriceCents: kraal.salePriceCents })
      .where(eq(products.id, kraal.id));
  });

  test("a coupon that expired meanwhile stops the order and leaves the cart", async () => {
    const db = getDb().db;
    const cart = await guestCart("pebble-ottoman", 3);
    await call(couponApplyGuest.POST, "/api/coupon-apply-guest", {
      json: { cartKey: cart.cart_key, promoCode: "KAYAFRIENDS" },
    });
    await db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.code, "KAYAFRIENDS"));
    const res = await call<ErrorBody>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: cart.cart_key }),
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("coupon_expired");
    expect(res.body.message).toContain("KAYAFRIENDS");
    const [cartRow] = await db.select().from(carts).where(eq(carts.cartKey, cart.cart_key));
    expect(cartRow!.couponCode).toBeNull();
    expect((await db.select().from(cartItems).where(eq(cartItems.cartId, cartRow!.id))).length).toBe(1);
    await db.update(coupons).set({ expiresAt: null }).where(eq(coupons.code, "KAYAFRIENDS"));
  });

  test("a coupon's discount is recomputed, spread over the lines and counted", async () => {
    const db = getDb().db;
    const cart = await guestCart("pebble-ottoman", 2);
    await call(couponApplyGuest.POST, "/api/coupon-apply-guest", {
      json: { cartKey: cart.cart_key, promoCode: "OTTOMAN200" },
    });
    const [before] = await db.select().from(coupons).where(eq(coupons.code, "OTTOMAN200"));
    const res = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: cart.cart_key }),
    });
    const [order] = await db.select().from(orders).where(eq(orders.id, res.body.order.id));
    expect(order).toMatchObject({
      couponCode: "OTTOMAN200",
      discountCents: 40000,
      totalCents: order!.subtotalCents - 40000,
    });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.reduce((s, l) => s + l.discountCents, 0)).toBe(40000);
    const [after] = await db.select().from(coupons).where(eq(coupons.code, "OTTOMAN200"));
    expect(after!.usedCount).toBe(before!.usedCount + 1);
  });

  test("20 parallel checkouts for the last unit: exactly one order, no negative stock", async () => {
    const db = getDb().db;
    const eden = await productBySlug("eden-2-seater");
    const [v] = await db.select().from(variations).where(eq(variations.productId, eden.id));
    await db.update(variations).set({ stock: 5 }).where(eq(variations.id, v!.id));
    const keys: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await call<ServerCart>(cartGuest.POST, "/api/cart-guest", {
        json: { productId: eden.id, variationId: v!.id },
      });
      keys.push(res.body.cart_key!);
    }
    await db.update(variations).set({ stock: 1 }).where(eq(variations.id, v!.id));
    const results = await Promise.all(
      keys.map((cartKey) =>
        call<CheckoutAnswer & ErrorBody>(checkout.POST, "/api/checkout", { json: checkoutDetails({ cartKey }) }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect([r.status, r.body.code]).toEqual([409, "out_of_stock"]);
    expect(refused[0]!.body.message).toContain("Eden 2 Seater");
    const [after] = await db.select().from(variations).where(eq(variations.id, v!.id));
    expect(after!.stock).toBe(0);
  });

  test("a double submit with one idempotency key makes one order", async () => {
    const db = getDb().db;
    const cart = await guestCart("pebble-ottoman", 1);
    const body = checkoutDetails({ cartKey: cart.cart_key });
    const [a, b] = await Promise.all([
      call<CheckoutAnswer>(checkout.POST, "/api/checkout", { json: body }),
      call<CheckoutAnswer>(checkout.POST, "/api/checkout", { json: body }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.order.id).toBe(b.body.order.id);
    expect((await db.select().from(orders).where(eq(orders.idempotencyKey, body.idempotencyKey))).length).toBe(1);
    const again = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", { json: body });
    expect(again.body).toMatchObject({ replay: true, order: { id: a.body.order.id } });
  });

  test("an empty or unknown cart cannot check out", async () => {
    const cart = await guestCart();
    await call(cartGuest.DELETE, "/api/cart-guest", {
      method: "DELETE",
      query: { cartKey: cart.cart_key, itemKey: cart.items[0]!.item_key },
    });
    const empty = await call<ErrorBody>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: cart.cart_key }),
    });
    expect([empty.status, empty.body.code]).toEqual([409, "empty_cart"]);
    const unknown = await call<ErrorBody>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: "k".repeat(32) }),
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, "cart_not_found"]);
  });
});

describe("unpaid orders", () => {
  async function pendingOrder() {
    const db = getDb().db;
    const cart = await guestCart("pebble-ottoman", 2);
    const res = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: cart.cart_key, paymentMethod: "bank-transfer" }),
    });
    // A bank transfer goes on-hold; make this one pending, as a card payment in flight would be.
    await db.update(orders).set({ status: "pending" }).where(eq(orders.id, res.body.order.id));
    return res.body.order.id;
  }

  test("a pending order is cancelled after 60 minutes and its stock released", async () => {
    const db = getDb().db;
    const stockBefore = (await productBySlug("pebble-ottoman")).stock;
    const id = await pendingOrder();
    expect((await productBySlug("pebble-ottoman")).stock).toBe(stockBefore - 2);
    expect(await cancelStalePendingOrders(db, new Date(Date.now() + 59 * 60_000))).toEqual([]);
    const cancelled = await cancelStalePendingOrders(db, new Date(Date.now() + 61 * 60_000));
    expect(cancelled.map((o) => o.id)).toEqual([id]);
    expect((await db.select().from(orders).where(eq(orders.id, id)))[0]!.status).toBe("cancelled");
    expect((await productBySlug("pebble-ottoman")).stock).toBe(stockBefore);
    expect(await cancelStalePendingOrders(db, new Date(Date.now() + 120 * 60_000))).toEqual([]);
  });

  test("a paid order is never cancelled by the job", async () => {
    const db = getDb().db;
    const id = await pendingOrder();
    const [order] = await db.select().from(orders).where(eq(orders.id, id));
    const r = await recordPaymentOutcome(db, {
      orderId: id,
      provider: "payfast",
      providerReference: "pf-1",
      outcome: "paid",
      amountCents: order!.totalCents,
    });
    expect(r.applied).toBe(true);
    const cancelled = await cancelStalePendingOrders(db, new Date(Date.now() + 61 * 60_000));
    expect(cancelled.map((o) => o.id)).not.toContain(id);
    expect((await db.select().from(orders).where(eq(orders.id, id)))[0]!.status).toBe("processing");
  });

  test("a payment outcome is recorded once and the amount must match", async () => {
    const db = getDb().db;
    const id = await pendingOrder();
    const [order] = await db.select().from(orders).where(eq(orders.id, id));
    const wrong = await recordPaymentOutcome(db, {
      orderId: id,
      provider: "ozow",
      providerReference: "tx-9",
      outcome: "paid",
      amountCents: order!.totalCents - 1,
    });
    expect(wrong).toMatchObject({ applied: false, reason: "amount_mismatch" });
    const first = await recordPaymentOutcome(db, {
      orderId: id,
      provider: "ozow",
      providerReference: "tx-9",
      outcome: "paid",
      amountCents: order!.totalCents,
    });
    const replay = await recordPaymentOutcome(db, {
      orderId: id,
      provider: "ozow",
      providerReference: "tx-9",
      outcome: "paid",
      amountCents: order!.totalCents,
    });
    expect(first.applied).toBe(true);
    expect(replay).toMatchObject({ applied: false, reason: "duplicate" });
    await afterPaymentOutcome(db, first);
    await afterPaymentOutcome(db, replay);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order-paid"));
    expect(mails.filter((m) => m.subject.includes(order!.number))).toHaveLength(1);
  });
});
