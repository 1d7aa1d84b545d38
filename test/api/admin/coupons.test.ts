import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { refusal } from "@/test/support/admin";
import { call } from "@/test/support/api-client";
import { coupons, orders, products, rateLimits } from "@/lib/db/schema";
import {
  checkoutDetails,
  fillGuestCart,
  productBySlug,
  type CheckoutAnswer,
  type ErrorBody,
} from "@/test/support/orders";
import {
  couponFields,
  createCoupon,
  listCoupons,
  newCouponFields,
  setCouponActive,
  updateCoupon,
} from "@/lib/admin/coupons";
import type { Audit, Change } from "@/lib/admin/change";
import * as couponApplyGuest from "@/app/api/coupon-apply-guest/route";
import * as checkout from "@/app/api/checkout/route";

const getDb = setupTestDb();
const noAudit: Audit = async () => {};

function problems(input: unknown): Record<string, string> {
  const parsed = newCouponFields.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
}

type CartAnswer = { coupons: Array<{ coupon: string; discount: string }> };

async function applyTo(cartKey: string, code: string) {
  return call<CartAnswer & ErrorBody>(couponApplyGuest.POST, "/api/coupon-apply-guest", {
    json: { cartKey, promoCode: code },
  });
}

beforeAll(async () => {
  await getDb().db.update(products).set({ stock: 1000 }).where(eq(products.slug, "pebble-ottoman"));
});
beforeEach(async () => {
  await getDb().db.delete(rateLimits);
});

describe("validation", () => {
  test.each([
    [{ code: "TEN", kind: "percent", amount: 0 }, "amount", "A percentage is a whole number from 1 to 100"],
    [{ code: "TEN", kind: "percent", amount: 101 }, "amount", "A percentage is a whole number from 1 to 100"],
    [{ code: "OFF", kind: "fixed_cart", amount: 0 }, "amount", "The amount off must be more than R 0"],
    [{ code: "FREE", kind: "free_product" }, "freeProductId", "Choose the product that becomes free"],
    [
      { code: "bad code!", kind: "percent", amount: 5 },
      "code",
      "A code is letters, digits, - and _ (up to 64), starting with a letter or digit",
    ],
    [
      { code: "WHEN", kind: "percent", amount: 5, startsAt: "2026-12-01T00:00:00Z", expiresAt: "2026-11-01T00:00:00Z" },
      "expiresAt",
      "The end must be after the start",
    ],
    [
      { code: "MIN", kind: "percent", amount: 5, minSpendCents: -100 },
      "minSpendCents",
      "The minimum spend must be more than R 0",
    ],
    [
      { code: "LIM", kind: "percent", amount: 5, usageLimit: 0 },
      "usageLimit",
      "The usage limit must be at least 1, or left empty",
    ],
    [{ code: "KIND", kind: "bogus", amount: 5 }, "kind", "Choose what the coupon gives"],
  ])("%p is refused: %s", (input, field, message) => {
    expect(problems(input)[field]).toBe(message);
  });

  test("codes are stored upper case", () => {
    expect(newCouponFields.parse({ code: " spring-10 ", kind: "percent", amount: 10 }).code).toBe("SPRING-10");
  });

  test("a category or product that does not exist is refused by name", async () => {
    const db = getDb().db;
    const err = await refusal(
      createCoupon(
        db,
        newCouponFields.parse({ code: "NOCAT", kind: "percent", amount: 5, categorySlugs: ["lamps"] }),
        noAudit,
      ),
    );
    expect([err.status, err.message, err.data.field]).toEqual([400, 'There is no category "lamps"', "categorySlugs"]);
    const err2 = await refusal(
      createCoupon(
        db,
        newCouponFields.parse({ code: "NOPROD", kind: "percent", amount: 5, productIds: [999_999] }),
        noAudit,
      ),
    );
    expect([err2.status, err2.message]).toEqual([400, "There is no product #999999"]);
  });
});

describe("what staff create is what the cart applies", () => {
  test("a percentage restricted to a category, with a minimum spend", async () => {
    const db = getDb().db;
    const changes: Change[] = [];
    const created = await createCoupon(
      db,
      newCouponFields.parse({
        code: "ottoman-twenty",
        kind: "percent",
        amount: 20,
        categorySlugs: ["ottomans"],
        minSpendCents: 100,
      }),
      async (_tx, c) => void changes.push(c),
    );
    expect(created).toMatchObject({
      code: "OTTOMAN-TWENTY",
      kind: "percent",
      amount: 20,
      categorySlugs: ["ottomans"],
      active: true,
      orders: 0,
      revenueCents: 0,
    });
    expect(changes).toEqual([
      expect.objectContaining({
        action: "coupon.create",
        entity: "coupon",
        entityId: String(created.id),
        before: null,
      }),
    ]);
    const cart = await fillGuestCart(db, "pebble-ottoman", 1);
    const applied = await applyTo(cart.cart_key, "ottoman-twenty");
    expect(applied.status).toBe(200);
    const pebble = await productBySlug(db, "pebble-ottoman");
    const price = pebble.salePriceCents ?? pebble.regularPriceCents;
    expect(applied.body.coupons[0]!.discount).toBe(String(Math.round(price * 0.2)));
  });

  test("a fixed amount off the cart that has not started yet is refused by the cart", async () => {
    const db = getDb().db;
    await createCoupon(
      db,
      newCouponFields.parse({
        code: "LATER",
        kind: "fixed_cart",
        amount: 10_000,
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
      noAudit,
    );
    const cart = await fillGuestCart(db, "pebble-ottoman", 1);
    const applied = await applyTo(cart.cart_key, "LATER");
    expect([applied.status, applied.body.message]).toEqual([400, "This promo code is not active yet"]);
  });

  test("a code that exists already is a 409", async () => {
    const err = await refusal(
      createCoupon(getDb().db, newCouponFields.parse({ code: "welcome10", kind: "percent", amount: 5 }), noAudit),
    );
    expect([err.status, err.code, err.message]).toEqual([
      409,
      "coupon_exists",
      "A coupon with the code WELCOME10 already exists",
    ]);
  });
});

describe("editing and disabling", () => {
  test("a disabled code stops applying at once, and enabled it applies again", async () => {
    const db = getDb().db;
    const created = await createCoupon(
      db,
      newCouponFields.parse({ code: "STOPME", kind: "fixed_product", amount: 5_000 }),
      noAudit,
    );
    const changes: Change[] = [];
    await setCouponActive(db, created.id, false, async (_tx, c) => void changes.push(c));
    const cart = await fillGuestCart(db, "pebble-ottoman", 1);
    expect((await applyTo(cart.cart_key, "STOPME")).body.message).toBe("This promo code is no longer available");
    await setCouponActive(db, created.id, true, noAudit);
    expect((await applyTo(cart.cart_key, "STOPME")).status).toBe(200);
    expect(changes).toEqual([
      {
        action: "coupon.disable",
        entity: "coupon",
        entityId: String(created.id),
        before: { active: true },
        after: { active: false },
      },
    ]);
  });

  test("an edit keeps the code and audits before and after; a limit below the uses so far is refused", async () => {
    const db = getDb().db;
    const created = await createCoupon(
      db,
      newCouponFields.parse({ code: "EDITME", kind: "percent", amount: 5 }),
      noAudit,
    );
    await db.update(coupons).set({ usedCount: 4 }).where(eq(coupons.id, created.id));
    const changes: Change[] = [];
    const edited = await updateCoupon(
      db,
      created.id,
      couponFields.parse({ kind: "percent", amount: 7, automatic: true, autoOrder: 3, usageLimit: 10 }),
      async (_tx, c) => void changes.push(c),
    );
    expect(edited).toMatchObject({
      code: "EDITME",
      amount: 7,
      automatic: true,
      autoOrder: 3,
      usageLimit: 10,
      usedCount: 4,
    });
    expect(changes[0]).toMatchObject({
      action: "coupon.update",
      before: { amount: 5, automatic: false },
      after: { amount: 7, automatic: true },
    });
    const err = await refusal(
      updateCoupon(db, created.id, couponFields.parse({ kind: "percent", amount: 7, usageLimit: 3 }), noAudit),
    );
    expect([err.status, err.message]).toEqual([400, "It has been used 4 times already: the limit cannot be lower"]);
    expect(
      (await refusal(updateCoupon(db, 999_999, couponFields.parse({ kind: "percent", amount: 7 }), noAudit))).status,
    ).toBe(404);
  });
});

describe("uses and revenue", () => {
  test("count the orders that used a code and were paid, with their totals", async () => {
    const db = getDb().db;
    const created = await createCoupon(
      db,
      newCouponFields.parse({ code: "COUNTME", kind: "fixed_cart", amount: 1_000 }),
      noAudit,
    );
    const placed: CheckoutAnswer[] = [];
    for (let i = 0; i < 3; i++) {
      const cart = await fillGuestCart(db, "pebble-ottoman", 1);
      expect((await applyTo(cart.cart_key, "COUNTME")).status).toBe(200);
      const res = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
        json: checkoutDetails({ cartKey: cart.cart_key, email: `count${i}@example.co.za` }),
      });
      expect(res.status).toBe(201);
      placed.push(res.body);
    }
    await db.update(orders).set({ status: "processing" }).where(eq(orders.id, placed[0]!.order.id));
    await db.update(orders).set({ status: "completed" }).where(eq(orders.id, placed[1]!.order.id));
    const listed = (await listCoupons(db, { q: "countme" })).rows;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: created.id,
      usedCount: 3,
      orders: 2,
      revenueCents: Number(placed[0]!.order.total) + Number(placed[1]!.order.total),
    });
  });

  test("filters: automatic ones first in their order, disabled ones apart", async () => {
    const db = getDb().db;
    const auto = (await listCoupons(db, { state: "automatic" })).rows;
    expect(auto.length).toBeGreaterThan(0);
    expect(auto.every((c) => c.automatic)).toBe(true);
    expect(auto.map((c) => c.autoOrder)).toEqual([...auto.map((c) => c.autoOrder)].sort((a, b) => a - b));
    expect((await listCoupons(db, { state: "affiliate" })).rows.map((c) => c.code)).toContain("KAYAFRIENDS");
    expect((await listCoupons(db, { state: "disabled" })).rows.every((c) => !c.active)).toBe(true);
  });
});
