import { and, eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call, CookieJar } from "@/test/support/api-client";
import { makeCustomer } from "@/test/support/auth";
import { carts, couponRedemptions, coupons, orders, products, rateLimits } from "@/lib/db/schema";
import {
  checkoutDetails,
  fillGuestCart,
  productBySlug,
  signedInCustomer,
  type CheckoutAnswer,
  type ErrorBody,
} from "@/test/support/orders";
import { evaluateCoupon, isCouponLive, type RuleLine } from "@/lib/coupons/rules";
import { automaticCoupons } from "@/lib/coupons/usage";
import { freeProductOffer } from "@/lib/coupons/offer";
import * as couponApply from "@/app/api/coupon-apply/route";
import * as couponApplyGuest from "@/app/api/coupon-apply-guest/route";
import * as cart from "@/app/api/cart/route";
import * as checkout from "@/app/api/checkout/route";

const getDb = setupTestDb();

beforeAll(async () => {
  const db = getDb().db;
  await db.update(products).set({ stock: 10_000 }).where(eq(products.slug, "pebble-ottoman"));
});
// Each test starts with no checkout counted against this machine's address.
beforeEach(async () => {
  await getDb().db.delete(rateLimits);
});

/** A guest cart over WELCOME10's minimum spend (three ottomans), with the code applied. */
async function cartWithCoupon(code: string): Promise<string> {
  const db = getDb().db;
  const guest = await fillGuestCart(db, "pebble-ottoman", 3);
  const applied = await call<ErrorBody>(couponApplyGuest.POST, "/api/coupon-apply-guest", {
    json: { cartKey: guest.cart_key, promoCode: code },
  });
  expect(applied.status).toBe(200);
  return guest.cart_key;
}

async function ordersWith(code: string) {
  return getDb().db.select().from(orders).where(eq(orders.couponCode, code));
}

describe("once-per-customer coupons", () => {
  test("20 parallel checkouts with one e-mail and WELCOME10: exactly one discounted order", async () => {
    const db = getDb().db;
    const cartKeys: string[] = [];
    for (let i = 0; i < 20; i++) cartKeys.push(await cartWithCoupon("WELCOME10"));
    const results = await Promise.all(
      cartKeys.map((cartKey) =>
        call<CheckoutAnswer & ErrorBody>(checkout.POST, "/api/checkout", {
          json: checkoutDetails({ cartKey, email: "racer@example.co.za" }),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array(19).fill([409, "coupon_customer_limit"]));
    expect(await ordersWith("WELCOME10")).toHaveLength(1);
    const [welcome] = await db.select().from(coupons).where(eq(coupons.code, "WELCOME10"));
    expect(await db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, welcome!.id))).toHaveLength(
      1,
    );
    expect(welcome!.usedCount).toBe(1);
    // A refused code is taken off the cart, so the shopper sees the full price before paying it.
    const loser = cartKeys.find((_, i) => results[i]!.status !== 201)!;
    const [loserCart] = await db.select().from(carts).where(eq(carts.cartKey, loser));
    expect(loserCart!.couponCode).toBeNull();
  });

  test.each([
    ["plus tag", "Racer+second@Example.co.za"],
    ["upper case and spaces", "  RACER@EXAMPLE.CO.ZA "],
  ])("the same address with a %s is the same customer", async (_label, variant) => {
    const cartKey = await cartWithCoupon("WELCOME10");
    const res = await call<ErrorBody>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey, email: variant }),
    });
    expect([res.status, res.body.code]).toEqual([409, "coupon_customer_limit"]);
  });

  test("dotted, tagged and googlemail variants of a Gmail address are one customer", async () => {
    const first = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: await cartWithCoupon("WELCOME10"), email: "thandi.mokoena@gmail.com" }),
    });
    expect(first.status).toBe(201);
    for (const variant of [
      "thandimokoena@gmail.com",
      "T.h.a.n.d.i.Mokoena+sofa@gmail.com",
      "thandi.mokoena@googlemail.com",
      "thandimokoena+x@GoogleMail.com",
    ]) {
      const res = await call<ErrorBody>(checkout.POST, "/api/checkout", {
        json: checkoutDetails({ cartKey: await cartWithCoupon("WELCOME10"), email: variant }),
      });
      expect([variant, res.status, res.body.code]).toEqual([variant, 409, "coupon_customer_limit"]);
    }
    expect((await ordersWith("WELCOME10")).filter((o) => o.email.includes("mokoena"))).toHaveLength(1);
  });

  test("dots stay significant outside Gmail: another address is another customer", async () => {
    const first = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: await cartWithCoupon("WELCOME10"), email: "sipho.dlamini@example.co.za" }),
    });
    const other = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: await cartWithCoupon("WELCOME10"), email: "siphodlamini@example.co.za" }),
    });
    expect([first.status, other.status]).toEqual([201, 201]);
  });

  test("a signed-in customer whose address is a variant of a used one cannot apply the code", async () => {
    const db = getDb().db;
    const used = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: await cartWithCoupon("WELCOME10"), email: "lerato.m@gmail.com" }),
    });
    expect(used.status).toBe(201);
    const { token } = await signedInCustomer(db, "Lerato.M+kaya@googlemail.com");
    const pebble = await productBySlug(db, "pebble-ottoman");
    await call(cart.POST, "/api/cart", { json: { token, productId: pebble.id, productQuantity: 3 } });
    const res = await call<ErrorBody>(couponApply.POST, "/api/coupon-apply", {
      json: { token, promoCode: "WELCOME10" },
    });
    expect([res.status, res.body.code]).toEqual([400, "coupon_customer_limit"]);
  });
});

describe("checkouts by cookie, as the web client makes them", () => {
  test("8 parallel checkouts of a signed-in customer's cart with WELCOME10: one order, one use", async () => {
    const db = getDb().db;
    const shopper = await makeCustomer(db, { email: "parallel.cookie@example.co.za" });
    const pebble = await productBySlug(db, "pebble-ottoman");
    expect(
      (await call(cart.POST, "/api/cart", { json: { productId: pebble.id, productQuantity: 3 }, jar: shopper.jar }))
        .status,
    ).toBe(200);
    expect(
      (await call(couponApply.POST, "/api/coupon-apply", { json: { promoCode: "WELCOME10" }, jar: shopper.jar }))
        .status,
    ).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call<CheckoutAnswer & ErrorBody>(checkout.POST, "/api/checkout", {
          json: checkoutDetails({ email: "other.address@example.co.za" }),
          jar: shopper.jar,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201))
      expect([r.status, ["coupon_customer_limit", "empty_cart"].includes(r.body.code)]).toEqual([409, true]);
    expect(
      (await db.select().from(orders).where(eq(orders.customerId, shopper.customer.id))).map((o) => o.couponCode),
    ).toEqual(["WELCOME10"]);
    const [welcome] = await db.select().from(coupons).where(eq(coupons.code, "WELCOME10"));
    const uses = await db
      .select()
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, welcome!.id), eq(couponRedemptions.customerId, shopper.customer.id)));
    expect(uses).toHaveLength(1);
  });

  test("a guest's cart by its cookie and a customer with the same address: one of them gets WELCOME10", async () => {
    const db = getDb().db;
    const email = "shared.address@example.co.za";
    const shopper = await makeCustomer(db, { email });
    const pebble = await productBySlug(db, "pebble-ottoman");
    await call(cart.POST, "/api/cart", { json: { productId: pebble.id, productQuantity: 3 }, jar: shopper.jar });
    await call(couponApply.POST, "/api/coupon-apply", { json: { promoCode: "WELCOME10" }, jar: shopper.jar });
    const guest = new CookieJar();
    await call(cart.POST, "/api/cart", { json: { productId: pebble.id, productQuantity: 3 }, jar: guest });
    expect(
      (await call(couponApply.POST, "/api/coupon-apply", { json: { promoCode: "WELCOME10" }, jar: guest })).status,
    ).toBe(200);
    const results = await Promise.all(
      [shopper.jar, guest].map((jar) =>
        call<CheckoutAnswer & ErrorBody>(checkout.POST, "/api/checkout", { json: checkoutDetails({ email }), jar }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe("coupon_customer_limit");
    expect((await ordersWith("WELCOME10")).filter((o) => o.email === email)).toHaveLength(1);
  });
});

describe("one cart, checked out twice at once", () => {
  test("two parallel checkouts of one cart with different keys make one order", async () => {
    const db = getDb().db;
    const guest = await fillGuestCart(db, "pebble-ottoman", 2);
    const results = await Promise.all(
      [1, 2].map(() =>
        call<CheckoutAnswer & ErrorBody>(checkout.POST, "/api/checkout", {
          json: checkoutDetails({ cartKey: guest.cart_key, email: "twice@example.co.za" }),
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe("empty_cart");
    expect(await db.select().from(orders).where(eq(orders.email, "twice@example.co.za"))).toHaveLength(1);
  });
});

describe("total usage limits", () => {
  test("a limit of 5 under 15 parallel checkouts by different shoppers gives 5", async () => {
    const db = getDb().db;
    await db.insert(coupons).values({ code: "FIRSTFIVE", kind: "percent", amount: 5, usageLimit: 5 });
    const cartKeys: string[] = [];
    for (let i = 0; i < 15; i++) cartKeys.push(await cartWithCoupon("FIRSTFIVE"));
    const results = await Promise.all(
      cartKeys.map((cartKey, i) =>
        call<CheckoutAnswer & ErrorBody>(checkout.POST, "/api/checkout", {
          json: checkoutDetails({ cartKey, email: `shopper${i}@example.co.za` }),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 201))
      expect([r.status, r.body.code]).toEqual([409, "coupon_usage_limit"]);
    expect(await ordersWith("FIRSTFIVE")).toHaveLength(5);
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, "FIRSTFIVE"));
    expect(coupon!.usedCount).toBe(5);
    expect(
      await db
        .select()
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, coupon!.id))),
    ).toHaveLength(5);
  });
});

describe("whether a coupon is live", () => {
  const NOW = new Date("2031-06-15T10:00:00Z");
  const DAY = 86_400_000;
  const lives: Array<[string, Partial<typeof coupons.$inferInsert>, boolean]> = [
    ["switched off", { active: false }, false],
    ["not started", { startsAt: new Date(NOW.getTime() + DAY) }, false],
    ["ended", { expiresAt: new Date(NOW.getTime() - DAY) }, false],
    ["ended this very moment", { expiresAt: NOW }, false],
    ["used up", { usageLimit: 5, usedCount: 5 }, false],
    [
      "started, not ended, uses left",
      { startsAt: NOW, expiresAt: new Date(NOW.getTime() + DAY), usageLimit: 5, usedCount: 4 },
      true,
    ],
  ];

  test.each(lives)(
    "%s: the cart's rules, its automatic coupons and the offer's page give one answer",
    async (_name, life, live) => {
      const db = getDb().db;
      const plain = { active: true, startsAt: null, expiresAt: null, usageLimit: null, usedCount: 0 };
      await db
        .update(coupons)
        .set({ ...plain, ...life })
        .where(eq(coupons.code, "FREEOTTOMAN"));
      try {
        const [coupon] = await db.select().from(coupons).where(eq(coupons.code, "FREEOTTOMAN"));
        expect(isCouponLive(coupon!, NOW)).toBe(live);
        const automatic = (await automaticCoupons(db, NOW)).map((c) => c.code);
        expect(automatic.includes("FREEOTTOMAN")).toBe(live);
        expect((await freeProductOffer(db, "FREEOTTOMAN", NOW))!.live).toBe(live);
        const couch: RuleLine = {
          itemKey: "a",
          productId: 1,
          categorySlug: "couches",
          unitPriceCents: 999_900,
          quantity: 1,
        };
        const judged = evaluateCoupon(coupon!, [couch], {
          now: NOW,
          customerUses: 0,
        });
        expect(judged.ok || !["inactive", "not_started", "expired", "usage_limit"].includes(judged.code)).toBe(live);
      } finally {
        await db.update(coupons).set(plain).where(eq(coupons.code, "FREEOTTOMAN"));
      }
    },
  );
});
