import { eq, inArray } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call, CookieJar } from "@/test/support/api-client";
import { makeCustomer } from "@/test/support/auth";
import { carts, coupons, products, variations } from "@/lib/db/schema";
import type { ServerCart } from "@/lib/cart/types";
import * as cart from "@/app/api/cart/route";
import * as cartGuest from "@/app/api/cart-guest/route";
import * as cartUpdate from "@/app/api/cart-update/route";
import * as couponApply from "@/app/api/coupon-apply/route";
import * as couponDelete from "@/app/api/coupon-delete/route";

const getDb = setupTestDb();

async function product(slug: string) {
  const db = getDb().db;
  const [p] = await db.select().from(products).where(eq(products.slug, slug));
  const vs = await db.select().from(variations).where(eq(variations.productId, p!.id));
  return { ...p!, variation: vs.find((v) => v.stock > 0)?.attributes };
}

/** Adds one of a product through the web client's call, as the browser would (cookies only). */
async function add(jar: CookieJar, slug: string, quantity = 1) {
  const p = await product(slug);
  const res = await call<ServerCart>(cart.POST, "/api/cart", {
    json: { productId: p.id, productQuantity: quantity, variation: p.variation },
    jar,
  });
  expect(res.status).toBeLessThan(300);
  return res;
}

const codes = (c: ServerCart) => c.coupons.map((x) => x.coupon);

beforeAll(async () => {
  await getDb()
    .db.update(products)
    .set({ stock: 500 })
    .where(inArray(products.slug, ["pebble-ottoman", "kraal-cube-ottoman"]));
});

describe("automatic coupons, chosen in the call that changes the cart", () => {
  test("adding a couch to a cart with an ottoman: the answer has the free ottoman", async () => {
    const pebble = await product("pebble-ottoman");
    const jar = new CookieJar();
    await add(jar, "pebble-ottoman");
    const res = await add(jar, "karoo-couch");
    expect(codes(res.body)).toEqual(["FREEOTTOMAN"]);
    expect(res.body.totals.discount_total).toBe(String(pebble.regularPriceCents));
    expect(res.body.items.find((i) => i.slug === "pebble-ottoman")!.totals.total).toBe("0");
    const [row] = await getDb().db.select().from(carts).where(eq(carts.cartKey, res.body.cart_key!));
    expect(row!.couponCode).toBe("FREEOTTOMAN");
  });

  test("a signed-in customer's couch first, then the ottoman", async () => {
    const shopper = await makeCustomer(getDb().db);
    const first = await add(shopper.jar, "karoo-couch");
    expect([first.status, codes(first.body), first.body.notices]).toEqual([200, [], []]);
    const second = await add(shopper.jar, "pebble-ottoman");
    expect(codes(second.body)).toEqual(["FREEOTTOMAN"]);
  });

  test("a code that does not apply fails silently: the add succeeds with no coupon and no notice", async () => {
    const jar = new CookieJar();
    const res = await add(jar, "pebble-ottoman");
    expect(res.status).toBe(201);
    expect([codes(res.body), res.body.notices]).toEqual([[], []]);
  });

  test("an update that makes the offer apply puts it on; a coupon already on the cart is left alone", async () => {
    const jar = new CookieJar();
    await add(jar, "karoo-couch");
    await add(jar, "kraal-cube-ottoman");
    const applied = await call<ServerCart>(couponApply.POST, "/api/coupon-apply", {
      json: { promoCode: "KAYAFRIENDS" },
      jar,
    });
    expect(codes(applied.body)).toEqual(["KAYAFRIENDS"]);
    const withPebble = await add(jar, "pebble-ottoman");
    expect(codes(withPebble.body)).toEqual(["KAYAFRIENDS"]);
    // Taking a code off by hand does not put another on: only changes to the lines do.
    const removed = await call<ServerCart>(couponDelete.DELETE, "/api/coupon-delete", {
      method: "DELETE",
      query: { promoCode: "KAYAFRIENDS" },
      jar,
    });
    expect(codes(removed.body)).toEqual([]);
    const pebbleLine = removed.body.items.find((i) => i.slug === "pebble-ottoman")!;
    const updated = await call<ServerCart>(cartUpdate.POST, "/api/cart-update", {
      json: { itemKey: pebbleLine.item_key, productQuantity: 2 },
      jar,
    });
    expect(codes(updated.body)).toEqual(["FREEOTTOMAN"]);
  });

  test("removing the couch takes the offer off with the reason, and tries again silently", async () => {
    const jar = new CookieJar();
    await add(jar, "pebble-ottoman");
    const both = await add(jar, "karoo-couch");
    const couch = both.body.items.find((i) => i.slug === "karoo-couch")!;
    const res = await call<ServerCart>(cart.DELETE, "/api/cart", {
      method: "DELETE",
      query: { itemKey: couch.item_key },
      jar,
    });
    expect(res.status).toBe(200);
    expect(codes(res.body)).toEqual([]);
    expect(res.body.notices.map((n) => n.code)).toEqual(["FREEOTTOMAN"]);
  });
});

describe("the free ottoman offered in one click", () => {
  const offered = (c: ServerCart) => c.offers.map((o) => [o.coupon, o.slug, o.price]);

  test("a couch without the ottoman: the answer offers it, free, and adding it makes it free", async () => {
    const pebble = await product("pebble-ottoman");
    const jar = new CookieJar();
    const first = await add(jar, "karoo-couch");
    expect(offered(first.body)).toEqual([["FREEOTTOMAN", "pebble-ottoman", String(pebble.regularPriceCents)]]);
    expect(first.body.offers[0]!.product_id).toBe(pebble.id);
    // The cart as it is shows the same offer, with no failed call and no notice.
    const shown = await call<ServerCart>(cart.GET, "/api/cart", { jar });
    expect([shown.status, offered(shown.body), shown.body.notices]).toEqual([200, offered(first.body), []]);
    const taken = await add(jar, "pebble-ottoman");
    expect(codes(taken.body)).toEqual(["FREEOTTOMAN"]);
    expect(taken.body.items.find((i) => i.slug === "pebble-ottoman")!.totals.total).toBe("0");
    expect(taken.body.offers).toEqual([]);

    // Taking the ottoman out again: it is offered again, with no notice beside the offer.
    const line = taken.body.items.find((i) => i.slug === "pebble-ottoman")!;
    const removed = await call<ServerCart>(cart.DELETE, "/api/cart", {
      method: "DELETE",
      query: { itemKey: line.item_key },
      jar,
    });
    expect([codes(removed.body), removed.body.notices, offered(removed.body)]).toEqual([[], [], offered(first.body)]);
  });

  test("two couches and one ottoman: the second ottoman is offered too; an ottoman alone is offered nothing", async () => {
    const jar = new CookieJar();
    await add(jar, "karoo-couch", 2);
    const one = await add(jar, "pebble-ottoman");
    expect(offered(one.body).map(([code]) => code)).toEqual(["FREEOTTOMAN"]);
    const two = await add(jar, "pebble-ottoman");
    expect(two.body.offers).toEqual([]);
    expect(Number(two.body.totals.discount_total)).toBe(2 * Number(one.body.offers[0]!.price));

    const alone = new CookieJar();
    expect((await add(alone, "pebble-ottoman")).body.offers).toEqual([]);
  });

  test("another code on the cart, or one that would go on first, means no offer", async () => {
    const jar = new CookieJar();
    await add(jar, "karoo-couch");
    const applied = await call<ServerCart>(couponApply.POST, "/api/coupon-apply", {
      json: { promoCode: "KAYAFRIENDS" },
      jar,
    });
    expect([codes(applied.body), applied.body.offers]).toEqual([["KAYAFRIENDS"], []]);
    expect((await call<ServerCart>(cart.GET, "/api/cart", { jar })).body.offers).toEqual([]);
  });

  test("no ottoman left: nothing is offered", async () => {
    const db = getDb().db;
    await db.update(products).set({ stock: 0 }).where(eq(products.slug, "pebble-ottoman"));
    try {
      const jar = new CookieJar();
      expect((await add(jar, "karoo-couch")).body.offers).toEqual([]);
    } finally {
      await db.update(products).set({ stock: 500 }).where(eq(products.slug, "pebble-ottoman"));
    }
  });
});

describe("the affiliate code of the visit", () => {
  test("goes on before the automatic coupons", async () => {
    const jar = new CookieJar();
    jar.set("kaya_affiliate", "KAYAFRIENDS");
    const first = await add(jar, "pebble-ottoman");
    expect(codes(first.body)).toEqual(["KAYAFRIENDS"]);
    const second = await add(jar, "karoo-couch");
    expect(codes(second.body)).toEqual(["KAYAFRIENDS"]);
  });

  test("one that does not apply, is unknown or is malformed gives way to the automatic coupons, silently", async () => {
    for (const affiliate of ["SLEEPWELL15", "NOSUCHCODE", "%3Cscript%3E"]) {
      const jar = new CookieJar();
      jar.set("kaya_affiliate", affiliate);
      const first = await add(jar, "pebble-ottoman");
      expect([affiliate, codes(first.body), first.body.notices]).toEqual([affiliate, [], []]);
      const second = await add(jar, "karoo-couch");
      expect([affiliate, codes(second.body)]).toEqual([affiliate, ["FREEOTTOMAN"]]);
    }
  });

  test("an API client's explicit cart key gets the same choice", async () => {
    const pebble = await product("pebble-ottoman");
    const karoo = await product("karoo-couch");
    const first = await call<ServerCart>(cartGuest.POST, "/api/cart-guest", { json: { productId: pebble.id } });
    const second = await call<ServerCart>(cartGuest.POST, "/api/cart-guest", {
      json: { cartKey: first.body.cart_key, productId: karoo.id, variation: karoo.variation },
    });
    expect(codes(second.body)).toEqual(["FREEOTTOMAN"]);
  });
});

describe("several automatic coupons", () => {
  beforeAll(async () => {
    await getDb()
      .db.insert(coupons)
      .values([
        { code: "BEDS3", kind: "percent", amount: 3, categorySlugs: ["bed-frames"], automatic: true, autoOrder: 0 },
        { code: "EVERYTHING2", kind: "percent", amount: 2, automatic: true, autoOrder: 5 },
        { code: "RETIRED9", kind: "percent", amount: 9, automatic: true, autoOrder: 0, active: false },
      ]);
  });
  afterAll(async () => {
    await getDb()
      .db.delete(coupons)
      .where(inArray(coupons.code, ["BEDS3", "EVERYTHING2", "RETIRED9"]));
  });

  test("are tried in their configured order until one applies", async () => {
    const ottoman = new CookieJar();
    expect(codes((await add(ottoman, "pebble-ottoman")).body)).toEqual(["EVERYTHING2"]);
    const bed = new CookieJar();
    expect(codes((await add(bed, "umhlanga-bed-frame")).body)).toEqual(["BEDS3"]);
  });
});
