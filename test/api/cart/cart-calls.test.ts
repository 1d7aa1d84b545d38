import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call, CookieJar } from "@/test/support/api-client";
import { createSession } from "@/lib/auth/session";
import { cartItems, carts, coupons, customers, products, variations } from "@/lib/db/schema";
import { adoptGuestCart } from "@/lib/cart/cart";
import { ORDER_LIMITS } from "@/lib/orders/order-limits";
import type { ServerCart } from "@/lib/cart/types";
import * as cart from "@/app/api/cart/route";
import * as cartGuest from "@/app/api/cart-guest/route";
import * as cartUpdate from "@/app/api/cart-update/route";
import * as cartUpdateGuest from "@/app/api/cart-update-guest/route";
import * as cartClear from "@/app/api/cart-clear/route";
import * as couponApply from "@/app/api/coupon-apply/route";
import * as couponApplyGuest from "@/app/api/coupon-apply-guest/route";
import * as couponDelete from "@/app/api/coupon-delete/route";
import * as couponDeleteGuest from "@/app/api/coupon-delete-guest/route";
import * as couponsAll from "@/app/api/coupons-all/route";

const getDb = setupTestDb();
type ErrorBody = { status: number; code: string; message: string; data: { status: number } };
/** A cart that exists, as every add answers it. */
type StoredCart = ServerCart & { cart_key: string };

async function product(slug: string) {
  const db = getDb().db;
  const [p] = await db.select().from(products).where(eq(products.slug, slug));
  const vs = await db.select().from(variations).where(eq(variations.productId, p!.id));
  return { ...p!, variations: vs };
}

async function customerToken(email: string) {
  const db = getDb().db;
  const [c] = await db
    .insert(customers)
    .values({ email, passwordHash: "x", firstName: "Thandi", lastName: "Mokoena" })
    .returning();
  return { customer: c!, token: (await createSession(db, c!.id)).token };
}

function expectContractError(res: { status: number; body: unknown }, status: number, code?: string) {
  const body = res.body as ErrorBody;
  expect(res.status).toBe(status);
  expect(body.status).toBe(status);
  expect(body.data.status).toBe(status);
  expect(typeof body.message).toBe("string");
  if (code) expect(body.code).toBe(code);
}

describe("guest cart calls", () => {
  test("first add creates a cart with an unguessable key, also set as a cookie", async () => {
    const pebble = await product("pebble-ottoman");
    const jar = new CookieJar();
    const res = await call<StoredCart>(cartGuest.POST, "/api/cart-guest", {
      json: { productId: pebble.id, productQuantity: 2 },
      jar,
    });
    expect(res.status).toBe(201);
    expect(res.body.cart_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(jar.get("kaya_cart")).toBe(res.body.cart_key);
    expect(res.body.item_count).toBe(2);
    expect(res.body.items[0]).toMatchObject({
      id: pebble.id,
      name: "Pebble Ottoman",
      quantity: { value: 2 },
      price: String(pebble.regularPriceCents),
    });
    expect(res.body.totals).toEqual({
      subtotal: String(2 * pebble.regularPriceCents),
      total: String(2 * pebble.regularPriceCents),
      discount_total: "0",
      shipping_total: "0",
      vat_total: String(Math.round((2 * pebble.regularPriceCents * 15) / 115)),
    });
    const again = await call<ServerCart>(cartGuest.GET, "/api/cart-guest", { query: { cartKey: res.body.cart_key } });
    expect(again.body.item_count).toBe(2);
  });

  test("a variable product needs a full variation, sent as JSON or in bracket form", async () => {
    const eden = await product("eden-2-seater");
    const incomplete = await call(cartGuest.POST, "/api/cart-guest", {
      json: { productId: eden.id, productQuantity: 1 },
    });
    expectContractError(incomplete, 400, "incomplete_variation");
    expect((incomplete.body as ErrorBody).message).toBe("Please complete all configurations");
    const v = eden.variations.find((x) => x.stock > 0)!;
    const form = await call<StoredCart>(cartGuest.POST, "/api/cart-guest", {
      form: { productId: String(eden.id), productQuantity: "1", "variation[Fabric]": v.attributes.Fabric! },
    });
    expect(form.status).toBe(201);
    expect(form.body.items[0]!.variation).toEqual(v.attributes);
    expect(form.body.items[0]!.price).toBe(String(v.salePriceCents ?? v.regularPriceCents));
    const query = await call<StoredCart>(cartGuest.POST, "/api/cart-guest", {
      method: "POST",
      query: { productId: eden.id, productQuantity: 1, variation: JSON.stringify({ Fabric: v.attributes.Fabric }) },
    });
    expect(query.status).toBe(201);
  });

  test("quantity is held to stock with a clear message", async () => {
    const db = getDb().db;
    const pebble = await product("pebble-ottoman");
    await db.update(products).set({ stock: 3 }).where(eq(products.id, pebble.id));
    const first = await call<StoredCart>(cartGuest.POST, "/api/cart-guest", {
      json: { productId: pebble.id, productQuantity: 2 },
    });
    const over = await call(cartGuest.POST, "/api/cart-guest", {
      json: { cartKey: first.body.cart_key, productId: pebble.id, productQuantity: 2 },
    });
    expectContractError(over, 409, "insufficient_stock");
    expect((over.body as ErrorBody).message).toBe(
      "Only 3 of Pebble Ottoman are in stock, and 2 are already in your cart",
    );
    const update = await call(cartUpdateGuest.POST, "/api/cart-update-guest", {
      json: { cartKey: first.body.cart_key, itemKey: first.body.items[0]!.item_key, productQuantity: 4 },
    });
    expectContractError(update, 409, "insufficient_stock");
    await db.update(products).set({ stock: 40 }).where(eq(products.id, pebble.id));
  });

  test("an out-of-stock product or variation cannot be added", async () => {
    const soldOut = (await getDb().db.select().from(products).where(eq(products.stock, 0))).find(
      (p) => p.slug === "langebaan-3-seater",
    )!;
    expectContractError(
      await call(cartGuest.POST, "/api/cart-guest", { json: { productId: soldOut.id } }),
      409,
      "out_of_stock",
    );
  });

  test("updating to below 1 removes the line; remove by item key", async () => {
    const pebble = await product("pebble-ottoman");
    const kraal = await product("kraal-cube-ottoman");
    const a = await call<StoredCart>(cartGuest.POST, "/api/cart-guest", { json: { productId: pebble.id } });
    const key = a.body.cart_key;
    const b = await call<StoredCart>(cartGuest.POST, "/api/cart-guest", {
      json: { cartKey: key, productId: kraal.id, productQuantity: 3 },
    });
    expect(b.body.item_count).toBe(4);
    const up = await call<ServerCart>(cartUpdateGuest.POST, "/api/cart-update-guest", {
      json: { cartKey: key, itemKey: b.body.items[1]!.item_key, productQuantity: 1 },
    });
    expect(up.body.item_count).toBe(2);
    const zero = await call<ServerCart>(cartUpdateGuest.POST, "/api/cart-update-guest", {
      json: { cartKey: key, itemKey: b.body.items[1]!.item_key, productQuantity: 0 },
    });
    expect(zero.body.items.map((i) => i.name)).toEqual(["Pebble Ottoman"]);
    const removed = await call<ServerCart>(cartGuest.DELETE, "/api/cart-guest", {
      method: "DELETE",
      query: { cartKey: key, itemKey: zero.body.items[0]!.item_key },
    });
    expect(removed.body.items).toEqual([]);
    expect(removed.body.totals.total).toBe("0");
  });

  test("bad input is a 4xx naming the problem, never a 500", async () => {
    const pebble = await product("pebble-ottoman");
    const a = await call<StoredCart>(cartGuest.POST, "/api/cart-guest", { json: { productId: pebble.id } });
    const key = a.body.cart_key;
    const item = a.body.items[0]!.item_key;
    const cases: Array<[string, Promise<{ status: number; body: unknown }>, number, string?]> = [
      ["missing productId", call(cartGuest.POST, "/api/cart-guest", { json: { cartKey: key } }), 400, "invalid_params"],
      [
        "productId not a number",
        call(cartGuest.POST, "/api/cart-guest", { json: { productId: "sofa" } }),
        400,
        "invalid_params",
      ],
      [
        "negative quantity",
        call(cartGuest.POST, "/api/cart-guest", { json: { productId: pebble.id, productQuantity: -2 } }),
        400,
        "invalid_params",
      ],
      [
        "huge quantity",
        call(cartGuest.POST, "/api/cart-guest", { json: { productId: pebble.id, productQuantity: 1e9 } }),
        400,
        "invalid_params",
      ],
      [
        "fractional quantity",
        call(cartGuest.POST, "/api/cart-guest", { json: { productId: pebble.id, productQuantity: 1.5 } }),
        400,
        "invalid_params",
      ],
      [
        "unknown product",
        call(cartGuest.POST, "/api/cart-guest", { json: { productId: 999999 } }),
        404,
        "product_not_found",
      ],
      [
        "unknown cart key",
        call(cartGuest.GET, "/api/cart-guest", { query: { cartKey: "x".repeat(32) } }),
        404,
        "cart_not_found",
      ],
      ["no cart key", call(cartGuest.GET, "/api/cart-guest"), 404, "cart_not_found"],
      [
        "unknown item key",
        call(cartUpdateGuest.POST, "/api/cart-update-guest", {
          json: { cartKey: key, itemKey: "nope", productQuantity: 1 },
        }),
        404,
        "item_not_found",
      ],
      [
        "negative update",
        call(cartUpdateGuest.POST, "/api/cart-update-guest", {
          json: { cartKey: key, itemKey: item, productQuantity: -1 },
        }),
        400,
        "invalid_params",
      ],
      [
        "huge update",
        call(cartUpdateGuest.POST, "/api/cart-update-guest", {
          json: { cartKey: key, itemKey: item, productQuantity: 100000 },
        }),
        400,
        "invalid_params",
      ],
      [
        "missing item key",
        call(cartGuest.DELETE, "/api/cart-guest", { method: "DELETE", query: { cartKey: key } }),
        400,
        "invalid_params",
      ],
      [
        "broken JSON",
        call(cartGuest.POST, "/api/cart-guest", {
          headers: { "content-type": "application/json" },
          raw: '{"productId": 1,',
        }),
        400,
        "invalid_json",
      ],
      [
        "variation not a map",
        call(cartGuest.POST, "/api/cart-guest", { json: { productId: pebble.id, variation: "blue" } }),
        400,
        "invalid_params",
      ],
      [
        "empty promo code",
        call(couponApplyGuest.POST, "/api/coupon-apply-guest", { json: { cartKey: key, promoCode: "" } }),
        400,
        "invalid_params",
      ],
    ];
    for (const [name, pending, status, code] of cases) {
      const res = await pending;
      expect([name, res.status]).toEqual([name, status]);
      expectContractError(res, status, code);
    }
  });

  test("another cart's item key is not found in mine", async () => {
    const pebble = await product("pebble-ottoman");
    const mine = await call<StoredCart>(cartGuest.POST, "/api/cart-guest", { json: { productId: pebble.id } });
    const theirs = await call<StoredCart>(cartGuest.POST, "/api/cart-guest", { json: { productId: pebble.id } });
    const res = await call(cartGuest.DELETE, "/api/cart-guest", {
      method: "DELETE",
      query: { cartKey: mine.body.cart_key, itemKey: theirs.body.items[0]!.item_key },
    });
    expectContractError(res, 404, "item_not_found");
    const still = await call<ServerCart>(cartGuest.GET, "/api/cart-guest", {
      query: { cartKey: theirs.body.cart_key },
    });
    expect(still.body.item_count).toBe(1);
  });

  test("50 parallel adds of one product to one cart: each counted once, the line held to its most", async () => {
    const db = getDb().db;
    const pebble = await product("pebble-ottoman");
    await db.update(products).set({ stock: 500 }).where(eq(products.id, pebble.id));
    const first = await call<StoredCart>(cartGuest.POST, "/api/cart-guest", { json: { productId: pebble.id } });
    const key = first.body.cart_key;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(cartGuest.POST, "/api/cart-guest", { json: { cartKey: key, productId: pebble.id, productQuantity: 1 } }),
      ),
    );
    // Stock is plenty: the line fills up to the most one line may hold, one add at a time, and
    // every add past it is refused naming the item and that most.
    const max = ORDER_LIMITS.unitsPerLine;
    expect(results.filter((r) => r.status === 200)).toHaveLength(max - 1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(50 - (max - 1));
    for (const r of refused) expectContractError(r, 422, "quantity_limit");
    expect((refused[0]!.body as { message: string }).message).toMatch(
      new RegExp(`^You can order up to ${max} of Pebble Ottoman at a time, and ${max} are already in your cart\\.`),
    );
    const [cartRow] = await db.select().from(carts).where(eq(carts.cartKey, key));
    const lines = await db.select().from(cartItems).where(eq(cartItems.cartId, cartRow!.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(max);
    await db.update(products).set({ stock: 40 }).where(eq(products.id, pebble.id));
  });
});

describe("signed-in cart calls", () => {
  test("an invalid token is a 401; with no token and no cart there is nothing to change", async () => {
    expectContractError(await call(cart.GET, "/api/cart", { query: { token: "forged" } }), 401);
    expectContractError(await call(cartClear.POST, "/api/cart-clear", { json: { token: "forged" } }), 401);
    expect((await call<ServerCart>(cart.GET, "/api/cart")).body).toMatchObject({ cart_key: null, item_count: 0 });
    expectContractError(await call(cartClear.POST, "/api/cart-clear", { json: {} }), 404, "cart_not_found");
  });

  test("a customer's cart by token: add, update, remove, clear", async () => {
    const { token } = await customerToken("cart-owner@example.co.za");
    const pebble = await product("pebble-ottoman");
    const added = await call<ServerCart>(cart.POST, "/api/cart", {
      json: { token, productId: pebble.id, productQuantity: 2 },
    });
    expect(added.status).toBe(200);
    expect(added.body.item_count).toBe(2);
    const got = await call<ServerCart>(cart.GET, "/api/cart", { query: { token } });
    expect(got.body.cart_key).toBe(added.body.cart_key);
    const updated = await call<ServerCart>(cartUpdate.POST, "/api/cart-update", {
      json: { token, itemKey: got.body.items[0]!.item_key, productQuantity: 5 },
    });
    expect(updated.body.item_count).toBe(5);
    const removed = await call<ServerCart>(cart.DELETE, "/api/cart", {
      method: "DELETE",
      query: { token, itemKey: got.body.items[0]!.item_key },
    });
    expect(removed.body.items).toHaveLength(0);
    await call(cart.POST, "/api/cart", { json: { token, productId: pebble.id } });
    const cleared = await call<ServerCart>(cartClear.POST, "/api/cart-clear", { json: { token } });
    expect(cleared.body.item_count).toBe(0);
  });

  test("the session cookie works as well as the token parameter", async () => {
    const { token } = await customerToken("cookie@example.co.za");
    const jar = new CookieJar();
    jar.set("kaya_session", token);
    const pebble = await product("pebble-ottoman");
    const res = await call<ServerCart>(cart.POST, "/api/cart", { json: { productId: pebble.id }, jar });
    expect(res.status).toBe(200);
    expect(res.body.item_count).toBe(1);
  });

  test("another customer's item key is not found in my cart", async () => {
    const a = await customerToken("a@example.co.za");
    const b = await customerToken("b@example.co.za");
    const pebble = await product("pebble-ottoman");
    const theirs = await call<ServerCart>(cart.POST, "/api/cart", { json: { token: b.token, productId: pebble.id } });
    const res = await call(cartUpdate.POST, "/api/cart-update", {
      json: { token: a.token, itemKey: theirs.body.items[0]!.item_key, productQuantity: 3 },
    });
    expectContractError(res, 404, "item_not_found");
  });

  test("on sign-in a guest cart joins the customer's cart", async () => {
    const db = getDb().db;
    const { customer, token } = await customerToken("merge@example.co.za");
    const pebble = await product("pebble-ottoman");
    const kraal = await product("kraal-cube-ottoman");
    await call(cart.POST, "/api/cart", { json: { token, productId: pebble.id, productQuantity: 1 } });
    const guest = await call<StoredCart>(cartGuest.POST, "/api/cart-guest", {
      json: { productId: pebble.id, productQuantity: 2 },
    });
    await call(cartGuest.POST, "/api/cart-guest", { json: { cartKey: guest.body.cart_key, productId: kraal.id } });
    await adoptGuestCart(db, customer.id, guest.body.cart_key);
    const merged = await call<ServerCart>(cart.GET, "/api/cart", { query: { token } });
    expect(Object.fromEntries(merged.body.items.map((i) => [i.name, i.quantity.value]))).toEqual({
      "Pebble Ottoman": 3,
      "Kraal Cube Ottoman": 1,
    });
    expectContractError(await call(cartGuest.GET, "/api/cart-guest", { query: { cartKey: guest.body.cart_key } }), 404);
  });
});

describe("signing in with a guest cart", () => {
  test("register and login adopt the browser's guest cart and spend its key", async () => {
    const { POST: register } = await import("@/app/api/register/route");
    const { POST: login } = await import("@/app/api/login/route");
    const pebble = await product("pebble-ottoman");
    const jar = new CookieJar();
    await call(cartGuest.POST, "/api/cart-guest", { json: { productId: pebble.id, productQuantity: 2 }, jar });
    expect(jar.get("kaya_cart")).toBeDefined();
    const reg = await call<{ token: string }>(register, "/api/register", {
      json: { email: "adopt@example.co.za", password: "Stoep-Sunset-1981", first_name: "Lerato", last_name: "Khumalo" },
      jar,
    });
    expect(reg.status).toBe(201);
    expect(jar.get("kaya_cart")).toBeUndefined();
    const mine = await call<ServerCart>(cart.GET, "/api/cart", { jar });
    expect(mine.body.item_count).toBe(2);

    // Later, as a guest again in another browser, then signing in: the carts join up.
    const other = new CookieJar();
    await call(cartGuest.POST, "/api/cart-guest", { json: { productId: pebble.id, productQuantity: 1 }, jar: other });
    const signIn = await call(login, "/api/login", {
      json: { email: "adopt@example.co.za", password: "Stoep-Sunset-1981" },
      jar: other,
    });
    expect(signIn.status).toBe(200);
    const joined = await call<ServerCart>(cart.GET, "/api/cart", { jar: other });
    expect(joined.body.item_count).toBe(3);
  });
});

describe("coupon calls", () => {
  async function guestWith(items: Array<{ slug: string; quantity?: number; variation?: Record<string, string> }>) {
    let key: string | undefined;
    let last: ServerCart | undefined;
    for (const it of items) {
      const p = await product(it.slug);
      const variation =
        it.variation ?? (p.variations.length ? p.variations.find((v) => v.stock > 0)!.attributes : undefined);
      const res = await call<StoredCart>(cartGuest.POST, "/api/cart-guest", {
        json: { cartKey: key, productId: p.id, productQuantity: it.quantity ?? 1, variation },
      });
      expect(res.status).toBeLessThan(300);
      key = res.body.cart_key;
      last = res.body;
    }
    return { key: key!, cart: last! };
  }

  test("GET /api/coupons-all lists only automatic coupons' codes", async () => {
    const res = await call<Array<{ code: string }>>(couponsAll.GET, "/api/coupons-all");
    expect(res.body).toEqual([{ code: "FREEOTTOMAN" }]);
  });

  test("a percent code applies to the cart and its discount shows in the totals", async () => {
    const { key, cart: before } = await guestWith([{ slug: "eden-2-seater" }]);
    const res = await call<ServerCart>(couponApplyGuest.POST, "/api/coupon-apply-guest", {
      json: { cartKey: key, promoCode: "welcome10" },
    });
    expect(res.status).toBe(200);
    const subtotal = Number(before.totals.subtotal);
    const discount = Math.round(subtotal * 0.1);
    expect(res.body.coupons).toEqual([
      { coupon: "WELCOME10", discount: String(discount), description: expect.any(String) },
    ]);
    expect(res.body.totals).toMatchObject({
      subtotal: String(subtotal),
      discount_total: String(discount),
      total: String(subtotal - discount),
    });
    expect(res.body.totals.vat_total).toBe(String(Math.round(((subtotal - discount) * 15) / 115)));
    const removed = await call<ServerCart>(couponDeleteGuest.DELETE, "/api/coupon-delete-guest", {
      method: "DELETE",
      query: { cartKey: key, promoCode: "WELCOME10" },
    });
    expect(removed.body.coupons).toEqual([]);
    expect(removed.body.totals.total).toBe(String(subtotal));
  });

  test("unknown, expired and unmet codes are refused with the reason", async () => {
    const { key } = await guestWith([{ slug: "pebble-ottoman" }]);
    const unknown = await call(couponApplyGuest.POST, "/api/coupon-apply-guest", {
      json: { cartKey: key, promoCode: "NOPE" },
    });
    expectContractError(unknown, 404, "invalid_coupon");
    expect((unknown.body as ErrorBody).message).toBe("Invalid promo code");
    expectContractError(
      await call(couponApplyGuest.POST, "/api/coupon-apply-guest", { json: { cartKey: key, promoCode: "WINTER2025" } }),
      400,
      "coupon_expired",
    );
    expectContractError(
      await call(couponApplyGuest.POST, "/api/coupon-apply-guest", { json: { cartKey: key, promoCode: "SUMMER500" } }),
      400,
      "coupon_min_spend",
    );
    expectContractError(
      await call(couponApplyGuest.POST, "/api/coupon-apply-guest", {
        json: { cartKey: key, promoCode: "SLEEPWELL15" },
      }),
      400,
      "coupon_not_applicable",
    );
    expectContractError(
      await call(couponDeleteGuest.DELETE, "/api/coupon-delete-guest", {
        method: "DELETE",
        query: { cartKey: key, promoCode: "WELCOME10" },
      }),
      404,
    );
  });

  test("the free ottoman: free with a couch, refused without one", async () => {
    const alone = await guestWith([{ slug: "pebble-ottoman" }]);
    const refused = await call(couponApplyGuest.POST, "/api/coupon-apply-guest", {
      json: { cartKey: alone.key, promoCode: "FREEOTTOMAN" },
    });
    expectContractError(refused, 400, "coupon_requires_category");
    const pebble = await product("pebble-ottoman");
    const withCouch = await guestWith([{ slug: "pebble-ottoman" }, { slug: "karoo-couch" }]);
    const res = await call<ServerCart>(couponApplyGuest.POST, "/api/coupon-apply-guest", {
      json: { cartKey: withCouch.key, promoCode: "FREEOTTOMAN" },
    });
    expect(res.status).toBe(200);
    expect(res.body.totals.discount_total).toBe(String(pebble.regularPriceCents));
    const ottomanLine = res.body.items.find((i) => i.name === "Pebble Ottoman")!;
    expect(ottomanLine.totals.total).toBe("0");
    // Taking the couch out takes the offer away, with the reason.
    const couchLine = res.body.items.find((i) => i.name === "Karoo Couch")!;
    const after = await call<ServerCart>(cartGuest.DELETE, "/api/cart-guest", {
      method: "DELETE",
      query: { cartKey: withCouch.key, itemKey: couchLine.item_key },
    });
    expect(after.body.coupons).toEqual([]);
    expect(after.body.notices[0]!.code).toBe("FREEOTTOMAN");
    expect(after.body.totals.total).toBe(String(pebble.regularPriceCents));
  });

  test("a signed-in customer's per-customer limit counts earlier uses", async () => {
    const db = getDb().db;
    const { customer, token } = await customerToken("repeat@example.co.za");
    const eden = await product("eden-2-seater");
    await call(cart.POST, "/api/cart", {
      json: { token, productId: eden.id, variation: eden.variations.find((v) => v.stock > 0)!.attributes },
    });
    const [welcome] = await db.select().from(coupons).where(eq(coupons.code, "WELCOME10"));
    const { couponRedemptions } = await import("@/lib/db/schema");
    await db.insert(couponRedemptions).values({
      couponId: welcome!.id,
      customerId: customer.id,
      email: customer.email,
      emailNormalized: customer.email,
    });
    const res = await call(couponApply.POST, "/api/coupon-apply", { json: { token, promoCode: "WELCOME10" } });
    expectContractError(res, 400, "coupon_customer_limit");
    const ok = await call<ServerCart>(couponApply.POST, "/api/coupon-apply", {
      json: { token, promoCode: "KAYAFRIENDS" },
    });
    expect(ok.body.coupons[0]!.coupon).toBe("KAYAFRIENDS");
    const del = await call<ServerCart>(couponDelete.DELETE, "/api/coupon-delete", {
      method: "DELETE",
      query: { token, promoCode: "KAYAFRIENDS" },
    });
    expect(del.body.coupons).toEqual([]);
  });

  test("one coupon per cart: a second code replaces the first", async () => {
    const { key } = await guestWith([{ slug: "umhlanga-bed-frame" }]);
    await call(couponApplyGuest.POST, "/api/coupon-apply-guest", { json: { cartKey: key, promoCode: "KAYAFRIENDS" } });
    const res = await call<ServerCart>(couponApplyGuest.POST, "/api/coupon-apply-guest", {
      json: { cartKey: key, promoCode: "SLEEPWELL15" },
    });
    expect(res.body.coupons.map((c) => c.coupon)).toEqual(["SLEEPWELL15"]);
  });
});
