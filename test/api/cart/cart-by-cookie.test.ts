import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call, CookieJar, type CallResult } from "@/test/support/api-client";
import { makeCustomer } from "@/test/support/auth";
import { carts, coupons, products } from "@/lib/db/schema";
import { emptyServerCart, type ServerCart } from "@/lib/cart/types";
import * as cart from "@/app/api/cart/route";
import * as cartGuest from "@/app/api/cart-guest/route";
import * as cartUpdate from "@/app/api/cart-update/route";
import * as cartClear from "@/app/api/cart-clear/route";
import * as couponApply from "@/app/api/coupon-apply/route";
import * as couponApplyGuest from "@/app/api/coupon-apply-guest/route";
import * as couponDelete from "@/app/api/coupon-delete/route";

const getDb = setupTestDb();
type ErrorBody = { status: number; code: string; message: string; data: { status: number } };

const EMPTY_TOTALS = { subtotal: "0", total: "0", discount_total: "0", shipping_total: "0", vat_total: "0" };
/** What a shopper without a cart reads. */
const NO_CART = emptyServerCart();

async function productId(slug: string) {
  const [p] = await getDb().db.select().from(products).where(eq(products.slug, slug));
  return p!;
}

async function cartRow(cartKey: string) {
  const [row] = await getDb().db.select().from(carts).where(eq(carts.cartKey, cartKey));
  return row ?? null;
}

async function cartCount() {
  return (await getDb().db.select({ id: carts.id }).from(carts)).length;
}

function expectError(res: CallResult<unknown>, status: number, code: string) {
  const body = res.body as ErrorBody;
  expect([res.status, body.code, body.status, body.data.status]).toEqual([status, code, status, status]);
}

/** The Set-Cookie line a response wrote for one cookie. */
function setCookieLine(res: Response, name: string) {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

beforeAll(async () => {
  await getDb().db.update(products).set({ stock: 500 }).where(eq(products.slug, "pebble-ottoman"));
});

describe("a guest's cart by its cookie alone", () => {
  test("an add that carries only the cookie goes to that cart, and its coupon stays", async () => {
    const pebble = await productId("pebble-ottoman");
    const kraal = await productId("kraal-cube-ottoman");
    const jar = new CookieJar();
    const first = await call<ServerCart>(cartGuest.POST, "/api/cart-guest", {
      json: { productId: pebble.id, productQuantity: 3 },
      jar,
    });
    expect(first.status).toBe(201);
    const applied = await call<ServerCart>(couponApplyGuest.POST, "/api/coupon-apply-guest", {
      json: { promoCode: "KAYAFRIENDS" },
      jar,
    });
    expect(applied.body.coupons.map((c) => c.coupon)).toEqual(["KAYAFRIENDS"]);

    const second = await call<ServerCart>(cartGuest.POST, "/api/cart-guest", { json: { productId: kraal.id }, jar });
    expect(second.status).toBe(200);
    expect(second.body.cart_key).toBe(first.body.cart_key);
    expect(jar.get("kaya_cart")).toBe(first.body.cart_key);
    expect(second.body.item_count).toBe(4);
    expect(second.body.coupons.map((c) => c.coupon)).toEqual(["KAYAFRIENDS"]);
  });

  test("the guest-key cookie is httpOnly, for the whole site, and same-site lax", async () => {
    const pebble = await productId("pebble-ottoman");
    const res = await call<ServerCart>(cart.POST, "/api/cart", { json: { productId: pebble.id } });
    const line = setCookieLine(res.response, "kaya_cart")!;
    expect(line).toBeDefined();
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
  });
});

describe("the web client's calls: no parameters, only cookies", () => {
  test("GET /api/cart with no session and no cart answers an empty cart and writes nothing", async () => {
    const before = await cartCount();
    const res = await call<ServerCart>(cart.GET, "/api/cart");
    expect(res.status).toBe(200);
    expect(res.body).toEqual(NO_CART);
    expect(res.response.headers.getSetCookie()).toEqual([]);
    expect(res.response.headers.get("cache-control")).toBe("private, no-store");
    expect(await cartCount()).toBe(before);
  });

  test("a guest adds, changes, discounts and removes through the non-guest calls", async () => {
    const pebble = await productId("pebble-ottoman");
    const jar = new CookieJar();
    const added = await call<ServerCart>(cart.POST, "/api/cart", {
      json: { productId: pebble.id, productQuantity: 2 },
      jar,
    });
    expect(added.status).toBe(201);
    expect(jar.get("kaya_cart")).toBe(added.body.cart_key);
    const again = await call<ServerCart>(cart.POST, "/api/cart", { json: { productId: pebble.id }, jar });
    expect([again.status, again.body.cart_key, again.body.item_count]).toEqual([200, added.body.cart_key, 3]);
    const shown = await call<ServerCart>(cart.GET, "/api/cart", { jar });
    expect([shown.body.cart_key, shown.body.item_count]).toEqual([added.body.cart_key, 3]);
    const itemKey = shown.body.items[0]!.item_key;
    const updated = await call<ServerCart>(cartUpdate.POST, "/api/cart-update", {
      json: { itemKey, productQuantity: 5 },
      jar,
    });
    expect(updated.body.item_count).toBe(5);
    const discounted = await call<ServerCart>(couponApply.POST, "/api/coupon-apply", {
      json: { promoCode: "KAYAFRIENDS" },
      jar,
    });
    expect(discounted.body.coupons.map((c) => c.coupon)).toEqual(["KAYAFRIENDS"]);
    const undiscounted = await call<ServerCart>(couponDelete.DELETE, "/api/coupon-delete", {
      method: "DELETE",
      query: { promoCode: "KAYAFRIENDS" },
      jar,
    });
    expect(undiscounted.body.coupons).toEqual([]);
    const removed = await call<ServerCart>(cart.DELETE, "/api/cart", { method: "DELETE", query: { itemKey }, jar });
    expect([removed.status, removed.body.item_count, removed.body.cart_key]).toEqual([200, 0, added.body.cart_key]);
  });

  test("the other calls, with neither a session nor a cart, are 404 cart_not_found", async () => {
    const cases: Array<[string, Promise<CallResult<unknown>>]> = [
      ["update", call(cartUpdate.POST, "/api/cart-update", { json: { itemKey: "abc", productQuantity: 1 } })],
      ["remove", call(cart.DELETE, "/api/cart", { method: "DELETE", query: { itemKey: "abc" } })],
      ["clear", call(cartClear.POST, "/api/cart-clear", { method: "POST" })],
      ["apply", call(couponApply.POST, "/api/coupon-apply", { json: { promoCode: "KAYAFRIENDS" } })],
      [
        "delete coupon",
        call(couponDelete.DELETE, "/api/coupon-delete", { method: "DELETE", query: { promoCode: "KAYAFRIENDS" } }),
      ],
    ];
    for (const [name, pending] of cases) {
      const res = await pending;
      expect([name, res.status]).toEqual([name, 404]);
      expectError(res, 404, "cart_not_found");
    }
  });

  test("clearing a guest's cart by cookie empties it and drops the cookie", async () => {
    const pebble = await productId("pebble-ottoman");
    const jar = new CookieJar();
    const added = await call<ServerCart>(cart.POST, "/api/cart", { json: { productId: pebble.id }, jar });
    const cleared = await call<ServerCart>(cartClear.POST, "/api/cart-clear", { method: "POST", jar });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ item_count: 0, items: [], totals: EMPTY_TOTALS });
    expect(jar.get("kaya_cart")).toBeUndefined();
    expect(await cartRow(added.body.cart_key!)).toBeNull();
    const after = await call<ServerCart>(cart.GET, "/api/cart", { jar });
    expect(after.body).toMatchObject({ cart_key: null, item_count: 0 });
  });

  test("a cookie naming a cart that is gone: reading shows an empty cart and drops it, adding starts a new cart", async () => {
    const pebble = await productId("pebble-ottoman");
    const jar = new CookieJar();
    jar.set("kaya_cart", "gone-".padEnd(32, "x"));
    const before = await cartCount();
    const shown = await call<ServerCart>(cart.GET, "/api/cart", { jar });
    expect([shown.status, shown.body.cart_key]).toEqual([200, null]);
    expect(jar.get("kaya_cart")).toBeUndefined();
    expect(await cartCount()).toBe(before);
    jar.set("kaya_cart", "gone-".padEnd(32, "x"));
    const added = await call<ServerCart>(cart.POST, "/api/cart", { json: { productId: pebble.id }, jar });
    expect(added.status).toBe(201);
    expect(jar.get("kaya_cart")).toBe(added.body.cart_key);
  });
  test("a guest-key cookie no key could match is dropped unread, never a 500", async () => {
    const pebble = await productId("pebble-ottoman");
    for (const value of ["k".repeat(5000), "%27%20or%20%271%27%3D%271", "short"]) {
      const jar = new CookieJar();
      jar.set("kaya_cart", value);
      const shown = await call<ServerCart>(cart.GET, "/api/cart", { jar });
      expect([shown.status, shown.body.cart_key, jar.get("kaya_cart")]).toEqual([200, null, undefined]);
      jar.set("kaya_cart", value);
      const changed = await call(cartUpdate.POST, "/api/cart-update", {
        json: { itemKey: "abc", productQuantity: 1 },
        jar,
      });
      expectError(changed, 404, "cart_not_found");
      const added = await call<ServerCart>(cart.POST, "/api/cart", { json: { productId: pebble.id }, jar });
      expect([added.status, jar.get("kaya_cart")]).toEqual([201, added.body.cart_key]);
    }
  });
});

describe("sessions and explicit parameters", () => {
  test("a signed-in browser's calls reach the customer's cart, on the guest paths too", async () => {
    const db = getDb().db;
    const shopper = await makeCustomer(db);
    const pebble = await productId("pebble-ottoman");
    const added = await call<ServerCart>(cart.POST, "/api/cart", { json: { productId: pebble.id }, jar: shopper.jar });
    expect(added.status).toBe(200);
    const [row] = await db.select().from(carts).where(eq(carts.customerId, shopper.customer.id));
    expect(added.body.cart_key).toBe(row!.cartKey);
    const viaGuestPath = await call<ServerCart>(cartGuest.GET, "/api/cart-guest", { jar: shopper.jar });
    expect([viaGuestPath.status, viaGuestPath.body.cart_key]).toEqual([200, row!.cartKey]);
    expect(shopper.jar.get("kaya_cart")).toBeUndefined();
  });

  test("an explicit invalid token is a 401 and an explicit unknown cartKey a 404, whatever the cookies", async () => {
    const pebble = await productId("pebble-ottoman");
    const jar = new CookieJar();
    await call(cart.POST, "/api/cart", { json: { productId: pebble.id }, jar });
    expectError(await call(cart.GET, "/api/cart", { query: { token: "forged" }, jar }), 401, "invalid_token");
    expectError(
      await call(cart.POST, "/api/cart", { json: { token: "forged", productId: pebble.id }, jar }),
      401,
      "invalid_token",
    );
    expectError(
      await call(cartGuest.GET, "/api/cart-guest", { query: { cartKey: "u".repeat(32) }, jar }),
      404,
      "cart_not_found",
    );
    expectError(
      await call(cartGuest.POST, "/api/cart-guest", { json: { cartKey: "u".repeat(32), productId: pebble.id }, jar }),
      404,
      "cart_not_found",
    );
  });
});

describe("reading a cart writes nothing", () => {
  test("a coupon that stopped applying shows as a notice on read, stays on the cart, and the next change takes it off", async () => {
    const db = getDb().db;
    const pebble = await productId("pebble-ottoman");
    const jar = new CookieJar();
    const added = await call<ServerCart>(cartGuest.POST, "/api/cart-guest", {
      json: { productId: pebble.id, productQuantity: 2 },
      jar,
    });
    const key = added.body.cart_key!;
    await call(couponApplyGuest.POST, "/api/coupon-apply-guest", { json: { cartKey: key, promoCode: "KAYAFRIENDS" } });
    await db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.code, "KAYAFRIENDS"));
    try {
      const before = await cartRow(key);
      const full = String(2 * pebble.regularPriceCents);
      for (const read of [
        () => call<ServerCart>(cartGuest.GET, "/api/cart-guest", { query: { cartKey: key } }),
        () => call<ServerCart>(cart.GET, "/api/cart", { jar }),
      ]) {
        const res = await read();
        expect(res.status).toBe(200);
        expect(res.body.coupons).toEqual([]);
        expect(res.body.notices).toEqual([{ code: "KAYAFRIENDS", message: "This promo code has expired" }]);
        expect(res.body.totals).toMatchObject({ subtotal: full, discount_total: "0", total: full });
        expect(await cartRow(key)).toEqual(before);
      }
      const changed = await call<ServerCart>(cart.POST, "/api/cart", { json: { productId: pebble.id }, jar });
      expect(changed.body.notices).toEqual([{ code: "KAYAFRIENDS", message: "This promo code has expired" }]);
      expect((await cartRow(key))!.couponCode).toBeNull();
      const later = await call<ServerCart>(cart.GET, "/api/cart", { jar });
      expect(later.body.notices).toEqual([]);
    } finally {
      await db.update(coupons).set({ expiresAt: null }).where(eq(coupons.code, "KAYAFRIENDS"));
    }
  });

  test("a signed-in customer without a cart reads an empty one, and no cart is made", async () => {
    const db = getDb().db;
    const shopper = await makeCustomer(db);
    const res = await call<ServerCart>(cart.GET, "/api/cart", { jar: shopper.jar });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(NO_CART);
    expect(await db.select().from(carts).where(eq(carts.customerId, shopper.customer.id))).toEqual([]);
  });
});
